package org.crs.nsap.port;

import java.util.Objects;

/**
 * What one router part of a segment was found to be, read back from its router, and what
 * {@link SegmentActivator#repair} did about it.
 *
 * @param router the router's inventory name
 * @param found what the read-back showed, in an operator's words ("absent", "partial: vlan 1000
 *     present; policy-map LP-7-IN missing")
 * @param action what was done
 */
public record RouterRepair(String router, String found, Action action) {

    /** What a segment should be on its routers. */
    public enum Wanted {
        /** Every part configured: an ACTIVE segment. */
        PRESENT,
        /** Nothing of it left: a segment that ended. */
        ABSENT
    }

    /** What a repair did to one router part. */
    public enum Action {
        /** The part was already as wanted. */
        NONE,
        /** The part was absent and was configured. */
        CONFIGURED,
        /** The part was partly there: what was there was removed and the whole part configured again. */
        RECONFIGURED,
        /** What of the part was there was removed. */
        REMOVED
    }

    public RouterRepair {
        Objects.requireNonNull(router, "router");
        Objects.requireNonNull(found, "found");
        Objects.requireNonNull(action, "action");
    }

    /** Whether the router was changed. */
    public boolean changed() {
        return action != Action.NONE;
    }
}
