package org.crs.nsap;

import java.time.Instant;

/** Makes a hold lapse at its expiry time even if no call comes; the schedule survives restarts. */
public interface HoldTimer {

    /** Arranges for {@link SegmentService#expireHold(String)} to run at {@code at}. */
    void schedule(String bookingId, Instant at);

    /** Forgets the timer of a hold that was committed or aborted. */
    void cancel(String bookingId);
}
