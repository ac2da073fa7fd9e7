package org.crs.nsap.testing;

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
}
