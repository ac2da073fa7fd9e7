package org.crs.domain.traffic;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How long a circuit's rates are kept at each resolution, so that storage stays bounded
 * whatever the number of circuits: each polled rate ({@code fine}) for {@code fineFor}, then
 * 5-minute means until {@code mediumFor}, then hourly means until {@code coarseFor}, then
 * nothing. Older data is only ever made coarser, a whole bucket at once.
 *
 * @param fineFor how long polled rates are kept as polled; default one day
 * @param mediumFor how long 5-minute means are kept (counted from now, like every bound); default 30 days
 * @param coarseFor how long hourly means are kept; default 365 days
 */
public record TrafficRetention(Duration fineFor, Duration mediumFor, Duration coarseFor) {

    /** The width of a medium bucket. */
    public static final Duration MEDIUM = Duration.ofMinutes(5);
    /** The width of a coarse bucket. */
    public static final Duration COARSE = Duration.ofHours(1);

    /** 30-second (polled) rates for a day, 5-minute means for a month, hourly means for a year. */
    public static final TrafficRetention DEFAULT =
            new TrafficRetention(Duration.ofDays(1), Duration.ofDays(30), Duration.ofDays(365));

    public TrafficRetention {
        Objects.requireNonNull(fineFor, "fineFor");
        Objects.requireNonNull(mediumFor, "mediumFor");
        Objects.requireNonNull(coarseFor, "coarseFor");
        if (fineFor.compareTo(MEDIUM) < 0 || mediumFor.compareTo(fineFor) < 0 || coarseFor.compareTo(mediumFor) < 0) {
            throw new IllegalArgumentException("retention must grow with coarseness and keep polled rates at least 5 minutes: "
                    + fineFor + ", " + mediumFor + ", " + coarseFor);
        }
    }

    /** Rates polled before this instant are to be made 5-minute means: a bucket boundary. */
    public Instant fineBefore(Instant now) {
        return floor(now.minus(fineFor), MEDIUM);
    }

    /** 5-minute means before this instant are to be made hourly means: a bucket boundary. */
    public Instant mediumBefore(Instant now) {
        return floor(now.minus(mediumFor), COARSE);
    }

    /** Hourly means before this instant are to be dropped. */
    public Instant coarseBefore(Instant now) {
        return now.minus(coarseFor);
    }

    /**
     * The rows one circuit active all along holds at most once the schedule is full: polled
     * rates for {@code fineFor}, 5-minute means for the rest of {@code mediumFor}, hourly means for
     * the rest of {@code coarseFor} (plus at most one bucket of each not yet made coarser).
     */
    public long rowsPerCircuit(Duration pollInterval) {
        return fineFor.plus(MEDIUM).dividedBy(pollInterval)
                + mediumFor.minus(fineFor).plus(COARSE).dividedBy(MEDIUM)
                + coarseFor.minus(mediumFor).dividedBy(COARSE);
    }

    /**
     * The means of {@code rates} over buckets of {@code width} aligned on the epoch, each rate
     * counted in the bucket its period starts in, weighted by its length: a mean over the time
     * measured, not over the whole bucket (a bucket half measured is not half idle). Each mean's
     * period is its whole bucket. In bucket order.
     */
    public static List<TrafficRate> means(List<TrafficRate> rates, Duration width) {
        Map<Instant, double[]> sums = new TreeMap<>();
        for (TrafficRate r : rates) {
            double w = r.span().toNanos() / 1e9;
            double[] s = sums.computeIfAbsent(floor(r.from(), width), b -> new double[5]);
            s[0] += w;
            s[1] += r.inBitsPerSecond() * w;
            s[2] += r.outBitsPerSecond() * w;
            s[3] += r.errorsPerSecond() * w;
            s[4] += r.discardsPerSecond() * w;
        }
        List<TrafficRate> out = new ArrayList<>();
        sums.forEach((bucket, s) -> out.add(new TrafficRate(bucket, bucket.plus(width), s[1] / s[0], s[2] / s[0],
                s[3] / s[0], s[4] / s[0])));
        return out;
    }

    /** The start of the bucket of {@code width} (aligned on the epoch) that holds {@code t}. */
    public static Instant floor(Instant t, Duration width) {
        long w = width.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli(), w) * w);
    }
}
