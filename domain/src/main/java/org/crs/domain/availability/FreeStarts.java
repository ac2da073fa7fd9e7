package org.crs.domain.availability;

/**
 * Collects the starts t at which {@code [t, t + duration)} lies within a span and misses
 * every busy stretch it is given: in each gap {@code [a, z)} between busy stretches, the
 * starts {@code [a, z - duration]}. A busy stretch that ends at an instant leaves that
 * instant free, and one that starts at {@code t + duration} does not touch the booking, as
 * intervals are half-open. All times are nanoseconds since the epoch.
 */
final class FreeStarts {

    private final long spanEnd;
    private final long duration;
    private final StartTimes.Builder starts = new StartTimes.Builder();
    // Where the current gap began: the end of the latest busy stretch, or the span's start.
    private long gapStart;

    FreeStarts(long spanStart, long spanEnd, long duration) {
        this.gapStart = spanStart;
        this.spanEnd = spanEnd;
        this.duration = duration;
    }

    /**
     * Marks {@code [from, to)} busy. Stretches must come in order of {@code from}; they may
     * overlap, and may reach outside the span.
     */
    void busy(long from, long to) {
        closeGap(Math.min(from, spanEnd));
        gapStart = Math.max(gapStart, to);
    }

    /** The starts found; asked once, after every busy stretch was given. */
    StartTimes starts() {
        closeGap(spanEnd);
        return starts.build();
    }

    private void closeGap(long gapEnd) {
        if (gapEnd - gapStart >= duration) {
            starts.add(gapStart, gapEnd - duration);
        }
    }
}
