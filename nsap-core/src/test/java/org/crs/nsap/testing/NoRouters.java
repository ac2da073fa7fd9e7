package org.crs.nsap.testing;

import java.util.List;

import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.port.SegmentActivator;

/** An activator for tests whose subject is not the routers: activation always succeeds, nothing is sent. */
public final class NoRouters implements SegmentActivator {

    public static final NoRouters INSTANCE = new NoRouters();

    private NoRouters() {
    }

    @Override
    public void activate(Segment segment) {
    }

    @Override
    public void deactivate(Segment segment) {
    }

    /** Finds every part as wanted: there are no routers to differ. */
    @Override
    public List<RouterRepair> repair(Segment segment, RouterRepair.Wanted wanted) {
        return List.of();
    }
}
