package org.crs.routers.driver.cli;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;

import org.crs.domain.vlan.VlanId;

/**
 * IOS VLAN lists as the running configuration shows them: {@code 10,20-30,1234}, compressed
 * into ranges, and a trunk's allowed list wrapped onto continuation lines
 * ({@code switchport trunk allowed vlan 10,20} then {@code switchport trunk allowed vlan add
 * 1234,2000-2010}) when it is long.
 */
public final class VlanLists {

    private static final String TRUNK_ALLOWED_VLAN = "switchport trunk allowed vlan ";

    private VlanLists() {
    }

    /**
     * Parses {@code 10,20-30,1234} (spaces around the separators tolerated).
     *
     * @throws IllegalArgumentException when the text is not a VLAN list
     */
    public static BitSet parse(String list) {
        BitSet vlans = new BitSet(VlanId.MAX + 1);
        for (String part : list.split(",")) {
            String[] range = part.strip().split("\\s*-\\s*");
            try {
                int from = Integer.parseInt(range[0].strip());
                int to = range.length > 1 ? Integer.parseInt(range[1].strip()) : from;
                if (range.length > 2 || from < VlanId.MIN || to > VlanId.MAX || to < from) {
                    throw new IllegalArgumentException("not a VLAN list: " + list);
                }
                vlans.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a VLAN list: " + list, e);
            }
        }
        return vlans;
    }

    /** True when the text is a VLAN list such as {@code 2-10,1234}. */
    public static boolean isList(String text) {
        return text.matches("\\d+(\\s*-\\s*\\d+)?(\\s*,\\s*\\d+(\\s*-\\s*\\d+)?)*");
    }

    /**
     * The VLANs a trunk allows: the union of its {@code switchport trunk allowed vlan ...}
     * lines (the first sets the list, {@code add} lines extend it, {@code remove} lines cut
     * it), or empty when it has none (IOS then carries every VLAN).
     *
     * @param trimmedLines the interface block's lines without indentation
     */
    public static Optional<BitSet> trunkAllowed(List<String> trimmedLines) {
        BitSet allowed = null;
        for (String line : trimmedLines) {
            if (!line.startsWith(TRUNK_ALLOWED_VLAN)) {
                continue;
            }
            String list = line.substring(TRUNK_ALLOWED_VLAN.length()).strip();
            if (allowed == null) {
                allowed = new BitSet(VlanId.MAX + 1);
            }
            boolean remove = false;
            if (list.startsWith("add ")) {
                list = list.substring(4).strip();
            } else if (list.startsWith("remove ")) {
                list = list.substring(7).strip();
                remove = true;
            } else {
                allowed.clear();
            }
            if (list.equals("none")) {
                continue;
            }
            BitSet these = new BitSet(VlanId.MAX + 1);
            if (list.equals("all")) {
                these.set(1, VlanId.MAX + 1);
            } else {
                these = parse(list);
            }
            if (remove) {
                allowed.andNot(these);
            } else {
                allowed.or(these);
            }
        }
        return Optional.ofNullable(allowed);
    }
}
