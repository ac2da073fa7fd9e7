package org.crs.domain.access;

/**
 * Which segment bookings a caller of an L-NSAP or the NSAP may see and change: a served BAR
 * those its site owns ({@link SegmentOwner.Bar}), the serving process every one (its sweeps,
 * and every call of a service built without access control), nobody else any. The providers
 * serve several BARs (the NSAP every site's), so each is confined to its own bookings, as the
 * BAR confines its peers.
 */
public final class SegmentAccess {

    private SegmentAccess() {
    }

    /** Whether {@code caller} may see and change a booking owned by {@code owner}. */
    public static boolean mayAct(Caller caller, SegmentOwner owner) {
        if (caller instanceof Caller.Process) {
            return true;
        }
        return caller instanceof Caller.ServedBar bar && owner instanceof SegmentOwner.Bar b
                && b.site().equals(bar.site());
    }
}
