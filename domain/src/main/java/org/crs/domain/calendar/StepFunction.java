package org.crs.domain.calendar;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.crs.domain.time.TimeInterval;

/**
 * A piecewise-constant function of time that is zero outside the intervals added to it.
 *
 * <p>Stored as its change points: each key is an instant where the value changes and maps
 * to the value from there until the next key; before the first key the value is zero.
 * Adjacent keys never hold the same value and the last key always holds zero, so the map
 * has no more entries than there are interval ends, and two functions with the same values
 * have the same map. With k change points inside a queried interval, every operation is
 * O(log n + k).
 */
final class StepFunction {

    private final TreeMap<Instant, Long> levels = new TreeMap<>();

    /**
     * The sum of the given pieces, built in one sweep over their ends: O(n log n) where adding
     * them one by one could cost O(n²) when many overlap.
     */
    static StepFunction sum(Iterable<Piece> pieces) {
        TreeMap<Instant, Long> deltas = new TreeMap<>();
        for (Piece piece : pieces) {
            deltas.merge(piece.interval().start(), piece.value(), Math::addExact);
            deltas.merge(piece.interval().end(), -piece.value(), Math::addExact);
        }
        StepFunction sum = new StepFunction();
        long level = 0;
        for (Map.Entry<Instant, Long> delta : deltas.entrySet()) {
            // A zero delta (one piece ends where another of the same value starts) is no change point.
            if (delta.getValue() != 0) {
                level = Math.addExact(level, delta.getValue());
                sum.levels.put(delta.getKey(), level);
            }
        }
        return sum;
    }

    /** The value at {@code instant}. */
    long at(Instant instant) {
        Map.Entry<Instant, Long> floor = levels.floorEntry(instant);
        return floor == null ? 0 : floor.getValue();
    }

    /** The largest value anywhere in {@code interval}. */
    long max(TimeInterval interval) {
        long max = at(interval.start());
        for (long level : inside(interval).values()) {
            max = Math.max(max, level);
        }
        return max;
    }

    /** The smallest value anywhere in {@code interval}. */
    long min(TimeInterval interval) {
        long min = at(interval.start());
        for (long level : inside(interval).values()) {
            min = Math.min(min, level);
        }
        return min;
    }

    /** Adds {@code delta} (which may be negative) to the value over {@code interval}. */
    void add(TimeInterval interval, long delta) {
        // Pin the value at both ends first, so that only the keys inside change.
        levels.put(interval.start(), at(interval.start()));
        levels.put(interval.end(), at(interval.end()));
        for (Map.Entry<Instant, Long> entry : levels.subMap(interval.start(), true, interval.end(), false).entrySet()) {
            entry.setValue(Math.addExact(entry.getValue(), delta));
        }
        // Keys inside moved together, so only the two ends can have become redundant.
        dropIfNoChange(interval.start());
        dropIfNoChange(interval.end());
    }

    /** The constant pieces of the function over {@code window}, zero pieces included, in time order. */
    List<Piece> pieces(TimeInterval window) {
        List<Piece> pieces = new ArrayList<>();
        Instant from = window.start();
        long level = at(from);
        for (Map.Entry<Instant, Long> change : inside(window).entrySet()) {
            pieces.add(new Piece(new TimeInterval(from, change.getKey()), level));
            from = change.getKey();
            level = change.getValue();
        }
        pieces.add(new Piece(new TimeInterval(from, window.end()), level));
        return pieces;
    }

    /**
     * Gives {@code visitor} each constant piece of the function over {@code window}, zero pieces
     * included, in time order, by where it starts and its value: the same pieces as {@link
     * #pieces} without building them.
     */
    void forEachPiece(TimeInterval window, PieceVisitor visitor) {
        visitor.piece(window.start(), at(window.start()));
        for (Map.Entry<Instant, Long> change : inside(window).entrySet()) {
            visitor.piece(change.getKey(), change.getValue());
        }
    }

    /** Receives the pieces of {@link #forEachPiece}. */
    interface PieceVisitor {

        /** The function is {@code value} from {@code start} until the next piece's start. */
        void piece(Instant start, long value);
    }

    /**
     * The longest interval around {@code interval}'s first non-zero instant over which the
     * value stays non-zero, or null when the value is zero all over {@code interval}.
     */
    TimeInterval firstNonZeroStretch(TimeInterval interval) {
        Instant stretchStart;
        if (at(interval.start()) != 0) {
            stretchStart = levels.floorKey(interval.start());
            // Walk back over earlier non-zero pieces: the stretch may have begun before them.
            Map.Entry<Instant, Long> before = levels.lowerEntry(stretchStart);
            while (before != null && before.getValue() != 0) {
                stretchStart = before.getKey();
                before = levels.lowerEntry(stretchStart);
            }
        } else {
            stretchStart = null;
            for (Map.Entry<Instant, Long> change : inside(interval).entrySet()) {
                if (change.getValue() != 0) {
                    stretchStart = change.getKey();
                    break;
                }
            }
            if (stretchStart == null) {
                return null;
            }
        }
        // The last key holds zero, so this walk always ends.
        Map.Entry<Instant, Long> after = levels.higherEntry(stretchStart);
        while (after.getValue() != 0) {
            after = levels.higherEntry(after.getKey());
        }
        return new TimeInterval(stretchStart, after.getKey());
    }

    boolean isZero() {
        return levels.isEmpty();
    }

    /** The change points strictly after {@code interval}'s start and before its end. */
    private NavigableMap<Instant, Long> inside(TimeInterval interval) {
        return levels.subMap(interval.start(), false, interval.end(), false);
    }

    private void dropIfNoChange(Instant key) {
        Map.Entry<Instant, Long> before = levels.lowerEntry(key);
        long previous = before == null ? 0 : before.getValue();
        if (levels.get(key) == previous) {
            levels.remove(key);
        }
    }

    /** One constant piece: {@code value} over {@code interval}. */
    record Piece(TimeInterval interval, long value) {
    }
}
