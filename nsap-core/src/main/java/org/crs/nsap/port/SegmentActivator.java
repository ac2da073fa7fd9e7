package org.crs.nsap.port;

import java.util.List;

import org.crs.nsap.segment.Segment;

/**
 * Puts a segment on its routers and takes it off, reporting every router exchange to the
 * device log. Implemented over the router drivers.
 */
public interface SegmentActivator {

    /**
     * Configures every router part of the segment. All or nothing: when a router fails, the
     * parts already configured are taken off again before this throws.
     */
    void activate(Segment segment) throws ActivationFailed;

    /** Removes every router part of the segment; removing what is absent succeeds. */
    void deactivate(Segment segment) throws ActivationFailed;

    /**
     * Reads every router part of the segment back and repairs what differs from {@code wanted}:
     * configures a part that is not all there, removes what is there of a part that should be
     * absent; a part already as wanted is left alone. Every part that was changed is recorded in
     * the device log with what was found and what was done. Repairing a segment again changes
     * nothing.
     *
     * @return one entry per router part, in plan order
     * @throws ActivationFailed when a part could not be read or repaired; the other parts were
     *     still repaired, and the device log says what was done
     */
    List<RouterRepair> repair(Segment segment, RouterRepair.Wanted wanted) throws ActivationFailed;
}
