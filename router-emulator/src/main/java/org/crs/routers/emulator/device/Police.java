package org.crs.routers.emulator.device;

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
}
