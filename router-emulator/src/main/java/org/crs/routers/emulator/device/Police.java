package org.crs.routers.emulator.device;

import java.util.List;
import java.util.Map;

/**
 * A single-rate policer: traffic up to {@code rateBps} is handled by the conform action,
 * the rest by the exceed action.
 *
 * @param rateBps committed rate in bit/s
 * @param burstBytes normal burst in bytes, or 0 when not given
 * @param cirKeyword true when configured as {@code police cir <rate>} (12000 form)
 * @param conformAction e.g. {@code transmit}, {@code set-dscp-transmit 46}
 * @param exceedAction e.g. {@code drop}, {@code policed-dscp-transmit}
 */
public record Police(long rateBps, long burstBytes, boolean cirKeyword, String conformAction, String exceedAction) {

    /** The configuration line, as IOS writes it in the running config. */
    public String commandLine() {
        StringBuilder b = new StringBuilder("police ");
        if (cirKeyword) {
            b.append("cir ").append(rateBps);
            if (burstBytes > 0) {
                b.append(" bc ").append(burstBytes);
            }
        } else {
            b.append(rateBps);
            if (burstBytes > 0) {
                b.append(' ').append(burstBytes);
            }
        }
        return b.append(" conform-action ").append(conformAction)
                .append(" exceed-action ").append(exceedAction).toString();
    }

    /** DSCP values IOS shows by name in the running configuration. */
    private static final Map<Integer, String> DSCP_NAMES = Map.ofEntries(
            Map.entry(0, "default"), Map.entry(46, "ef"),
            Map.entry(10, "af11"), Map.entry(12, "af12"), Map.entry(14, "af13"),
            Map.entry(18, "af21"), Map.entry(20, "af22"), Map.entry(22, "af23"),
            Map.entry(26, "af31"), Map.entry(28, "af32"), Map.entry(30, "af33"),
            Map.entry(34, "af41"), Map.entry(36, "af42"), Map.entry(38, "af43"),
            Map.entry(8, "cs1"), Map.entry(16, "cs2"), Map.entry(24, "cs3"), Map.entry(32, "cs4"),
            Map.entry(40, "cs5"), Map.entry(48, "cs6"), Map.entry(56, "cs7"));

    /**
     * The burst IOS shows when none was configured: 250 ms of the rate (rate / 32 bytes),
     * at least 1500 bytes.
     */
    public long shownBurstBytes() {
        return burstBytes > 0 ? burstBytes : Math.max(1500, rateBps / 32);
    }

    /**
     * The policer's lines in a running configuration of the given style and router family, without the
     * indentation of the class: one line, or for {@link ConfigStyle#MULTILINE} the
     * {@code police cir R bc B} line followed by its action lines indented by one space.
     */
    public List<String> shownLines(ConfigStyle style, Profile profile) {
        if (style == ConfigStyle.LITERAL) {
            return List.of(commandLine());
        }
        long burst = shownBurstBytes();
        // The 7600's PFC policer shows the excess burst too; the 12000's does not.
        String rate = "police cir " + rateBps + " bc " + burst + (profile == Profile.C7600 ? " be " + burst : "");
        String conform = "conform-action " + shownAction(conformAction);
        String exceed = "exceed-action " + shownAction(exceedAction);
        if (style == ConfigStyle.MULTILINE) {
            return List.of(rate, " " + conform, " " + exceed);
        }
        return List.of(rate + " " + conform + " " + exceed);
    }

    // "set-dscp-transmit 46" is shown "set-dscp-transmit ef".
    private static String shownAction(String action) {
        String[] w = action.split(" ");
        if (w.length == 2 && w[0].startsWith("set-dscp") && w[1].chars().allMatch(Character::isDigit)) {
            String name = DSCP_NAMES.get(Integer.parseInt(w[1]));
            return name == null ? action : w[0] + " " + name;
        }
        return action;
    }
}
