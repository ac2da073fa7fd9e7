package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An immutable set of start times, held as {@linkplain StartWindow windows} that are sorted,
 * disjoint and not touching: between two windows there is always at least one instant that
 * is not in the set. So two sets with the same instants have the same windows and are
 * equal.
 *
 * <p>{@link #union} and {@link #intersect} are the two operations of the all-slots search
 * (see {@link SlotSearch}), and {@link #minus} lets it pass on only what is new; each walks
 * the two sets once, in time linear in their windows.
 *
 * <p>Instants are kept as nanoseconds since the epoch in one array of {@code long}s, because
 * the search merges these sets thousands of times per query, and an array of numbers is
 * merged without following a pointer or building an object per window. That limits them to
 * between 1677-09-21 and 2262-04-11; an instant outside is refused.
 */
public final class StartTimes {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final StartTimes NONE = new StartTimes(new long[0]);
    private static final StartTimes ALWAYS = new StartTimes(new long[] {Long.MIN_VALUE, Long.MAX_VALUE});

    // Each window's earliest then latest start, window after window: strictly increasing
    // except that a window of one instant has equal bounds.
    private final long[] bounds;

    private StartTimes(long[] bounds) {
        this.bounds = bounds;
    }

    /** The empty set: no start time. */
    public static StartTimes none() {
        return NONE;
    }

    /** Every instant a set can hold, from 1677-09-21 to 2262-04-11. */
    public static StartTimes always() {
        return ALWAYS;
    }

    /** Every instant from {@code earliest} to {@code latest}, both included. */
    public static StartTimes between(Instant earliest, Instant latest) {
        return of(new StartWindow(earliest, latest));
    }

    /** The instants of one window. */
    public static StartTimes of(StartWindow window) {
        return new StartTimes(new long[] {nanos(window.earliest()), nanos(window.latest())});
    }

    /** The instants of any of {@code windows}, which may be in any order, overlap or touch. */
    public static StartTimes of(Collection<StartWindow> windows) {
        List<StartWindow> inOrder = new ArrayList<>(windows);
        inOrder.sort(Comparator.comparing(StartWindow::earliest));
        Builder builder = new Builder(2 * inOrder.size());
        for (StartWindow window : inOrder) {
            builder.add(nanos(window.earliest()), nanos(window.latest()));
        }
        return builder.build();
    }

    /** The windows, sorted, disjoint and not touching. */
    public List<StartWindow> windows() {
        List<StartWindow> windows = new ArrayList<>(bounds.length / 2);
        for (int i = 0; i < bounds.length; i += 2) {
            windows.add(new StartWindow(instant(bounds[i]), instant(bounds[i + 1])));
        }
        return windows;
    }

    /** Whether there is no start time at all. */
    public boolean isEmpty() {
        return bounds.length == 0;
    }

    /** The start times in both sets. */
    public StartTimes intersect(StartTimes other) {
        if (isEmpty() || other.isEmpty()) {
            return NONE;
        }
        long[] a = bounds;
        long[] b = other.bounds;
        Builder builder = new Builder(a.length + b.length);
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            long earliest = Math.max(a[i], b[j]);
            long latest = Math.min(a[i + 1], b[j + 1]);
            if (earliest <= latest) {
                builder.add(earliest, latest);
            }
            // The window that ends first cannot meet any later window of the other set.
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return builder.build();
    }

    /** The start times in either set. */
    public StartTimes union(StartTimes other) {
        if (other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        long[] a = bounds;
        long[] b = other.bounds;
        Builder builder = new Builder(a.length + b.length);
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (j >= b.length || (i < a.length && a[i] <= b[j])) {
                builder.add(a[i], a[i + 1]);
                i += 2;
            } else {
                builder.add(b[j], b[j + 1]);
                j += 2;
            }
        }
        return builder.build();
    }

    /** The start times of this set that are not in {@code other}. */
    public StartTimes minus(StartTimes other) {
        if (isEmpty() || other.isEmpty()) {
            return this;
        }
        long[] a = bounds;
        long[] b = other.bounds;
        Builder builder = new Builder(a.length + b.length);
        int j = 0;
        for (int i = 0; i < a.length; i += 2) {
            // Windows of the other set that end before this window cannot touch this or any later one.
            while (j < b.length && b[j + 1] < a[i]) {
                j += 2;
            }
            long from = a[i];
            boolean coveredToTheEnd = false;
            for (int k = j; k < b.length && b[k] <= a[i + 1]; k += 2) {
                if (b[k] > from) {
                    builder.add(from, b[k] - 1);
                }
                if (b[k + 1] >= a[i + 1]) {
                    coveredToTheEnd = true;
                    break;
                }
                from = Math.max(from, b[k + 1] + 1);
            }
            if (!coveredToTheEnd) {
                builder.add(from, a[i + 1]);
            }
        }
        return builder.build();
    }

    /** Every start time moved by {@code by}, which may be negative. */
    public StartTimes shift(Duration by) {
        long nanos = nanos(by);
        long[] shifted = new long[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            shifted[i] = plus(bounds[i], nanos);
        }
        return new StartTimes(shifted);
    }

    /** The first start time, or empty when there is none. */
    public Optional<Instant> earliest() {
        return isEmpty() ? Optional.empty() : Optional.of(instant(bounds[0]));
    }

    /** Whether {@code instant} is one of the start times. */
    public boolean contains(Instant instant) {
        int found = Arrays.binarySearch(bounds, nanos(instant));
        // Not a bound itself: inside a window exactly when it falls after an earliest (even index).
        return found >= 0 || (-found - 1) % 2 == 1;
    }

    /** The start times at or after {@code instant}. */
    public StartTimes onOrAfter(Instant instant) {
        long from = nanos(instant);
        int i = 0;
        while (i < bounds.length && bounds[i + 1] < from) {
            i += 2;
        }
        long[] kept = Arrays.copyOfRange(bounds, i, bounds.length);
        if (kept.length > 0 && kept[0] < from) {
            kept[0] = from;
        }
        return new StartTimes(kept);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StartTimes that && Arrays.equals(bounds, that.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    /** The windows as an operator reads them: {@code {[10:00, 12:00], [14:00, 14:00]}} with full instants. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        for (StartWindow window : windows()) {
            text.append(text.length() > 1 ? ", " : "").append(window);
        }
        return text.append('}').toString();
    }

    static long nanos(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), NANOS_PER_SECOND), instant.getNano());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(instant + " is outside what StartTimes can hold (1677-09-21 to 2262-04-11)");
        }
    }

    static long nanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(duration + " is longer than StartTimes can shift (about 292 years)");
        }
    }

    static long plus(long nanos, long more) {
        try {
            return Math.addExact(nanos, more);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(instant(nanos) + " moved by " + Duration.ofNanos(more)
                    + " is outside what StartTimes can hold (1677-09-21 to 2262-04-11)");
        }
    }

    static Instant instant(long nanos) {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, NANOS_PER_SECOND), Math.floorMod(nanos, NANOS_PER_SECOND));
    }

    /**
     * Builds a set from windows given in order of their earliest start, joining each to the
     * one before when they overlap or touch.
     */
    static final class Builder {

        private long[] bounds;
        private int size;

        Builder() {
            this(8);
        }

        /** A builder with room for {@code capacity} bounds (two a window) before it grows. */
        Builder(int capacity) {
            bounds = new long[Math.max(2, capacity)];
        }

        /** Adds the window [earliest, latest]; its earliest must not be before the last one added. */
        void add(long earliest, long latest) {
            if (size > 0 && touches(bounds[size - 1], earliest)) {
                bounds[size - 1] = Math.max(bounds[size - 1], latest);
                return;
            }
            if (size == bounds.length) {
                bounds = Arrays.copyOf(bounds, size * 2);
            }
            bounds[size++] = earliest;
            bounds[size++] = latest;
        }

        StartTimes build() {
            return size == 0 ? NONE : new StartTimes(Arrays.copyOf(bounds, size));
        }

        // Written without latest + 1, which would overflow at the end of time.
        private static boolean touches(long latest, long nextEarliest) {
            return nextEarliest <= latest || nextEarliest - 1 == latest;
        }
    }
}
