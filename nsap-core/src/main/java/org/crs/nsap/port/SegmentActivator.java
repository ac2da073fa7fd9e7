package org.crs.nsap.port;

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
}
