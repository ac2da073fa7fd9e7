package org.crs.routers.emulator.device;

import java.util.Locale;

/**
 * How a router shows its configuration in {@code show running-config}: IOS rewrites what it
 * is given, and how depends on the release. Set per router in the inventory
 * ({@code configStyle: literal | normalised | multiline}); see docs/router-emulator.md.
 */
public enum ConfigStyle {
    /**
     * Lines as they were entered: {@code police 100000000 3125000 conform-action
     * set-dscp-transmit 46 exceed-action drop}, one block per VLAN, hops without index, and
     * no volatile lines. The emulator's behaviour before styles existed, and the default.
     */
    LITERAL,
    /**
     * As IOS 12.2SR and 12.0S show it: {@code police cir R bc B [be B] conform-action
     * set-dscp-transmit ef exceed-action drop} on one line (the burst IOS picks when none was
     * given), unnamed VLANs compressed ({@code vlan 20,1230-1240}), long trunk allowed lists
     * wrapped onto {@code add} lines, explicit-path hops numbered ({@code index 1
     * next-address ...}), {@code tunnel mpls traffic-eng bandwidth  N} with two spaces, and
     * the volatile lines ({@code ! Last configuration change at ...}, {@code ! NVRAM config
     * last updated at ...}, {@code ntp clock-period N}, a self-signed certificate chain).
     */
    NORMALISED,
    /**
     * As {@link #NORMALISED}, with the policer as a block ({@code police cir R bc B} then
     * indented {@code conform-action ...} and {@code exceed-action ...} lines, as later
     * releases print it) and the TE bandwidth with its pool named
     * ({@code tunnel mpls traffic-eng bandwidth global N}).
     */
    MULTILINE;

    /** Parses {@code literal}, {@code normalised} (or {@code normalized}) or {@code multiline}. */
    public static ConfigStyle parse(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        if (t.equals("NORMALIZED")) {
            return NORMALISED;
        }
        try {
            return valueOf(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configStyle '" + text + "' is not literal, normalised or multiline", e);
        }
    }

    /** The name used in the inventory. */
    public String inventoryName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
