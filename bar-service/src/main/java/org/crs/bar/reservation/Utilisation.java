package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;

/**
 * What a reservation's circuit carried over a time range (docs/bar-services.md, "Utilisation"):
 * each segment's samples as its L-NSAP or the NSAP measured them, the end-to-end rates computed
 * from them, the booked rate and the flags raised.
 *
 * @param requestId the reservation
 * @param interval the range asked for, {@code [start, end)}
 * @param bookedBitsPerSecond the booked rate, in bit/s
 * @param segments each segment of the reservation, in its order
 * @param endToEnd per bucket, what got through every measured segment, oldest first
 * @param flags the flags raised on the reservation
 */
public record Utilisation(String requestId, TimeInterval interval, long bookedBitsPerSecond,
                          List<SegmentUtilisation> segments, List<TrafficRate> endToEnd, Set<UsageFlag> flags) {

    public Utilisation {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(interval, "interval");
        segments = List.copyOf(segments);
        endToEnd = List.copyOf(endToEnd);
        flags = Set.copyOf(flags);
    }

    /**
     * One segment's samples, or why it has none from this BAR.
     *
     * @param role which part of the circuit
     * @param controller who holds it
     * @param bookingId its booking id there
     * @param samples what it carried, oldest first; empty when not measured
     * @param notMeasured why this BAR has no samples of it (a segment behind a peer BAR, a
     *     controller that did not answer); empty when it asked and was answered
     */
    public record SegmentUtilisation(SegmentRole role, String controller, String bookingId, List<TrafficSample> samples,
                                     Optional<String> notMeasured) {
        public SegmentUtilisation {
            Objects.requireNonNull(role, "role");
            samples = List.copyOf(samples);
            Objects.requireNonNull(notMeasured, "notMeasured");
        }
    }

    /**
     * The end-to-end rates of measured segments: time cut into buckets of {@code bucket} from the
     * epoch (the coarsest resolution among the samples, so every bucket holds a sample of each
     * segment when all are polled); in each bucket, each segment's rate is the time-weighted mean
     * of its samples there, and the circuit's is the least of them in each direction (what got
     * through every segment), with errors and discards summed over the segments. A bucket some
     * segment has no sample in is left out: a gap, not a zero. A segment with no sample at all
     * (its controller does not poll traffic) is left out of the computation instead.
     *
     * @param measured each measured segment's samples
     */
    public static List<TrafficRate> endToEnd(List<List<TrafficSample>> measured) {
        List<List<TrafficSample>> perSegment = measured.stream().filter(l -> !l.isEmpty()).toList();
        if (perSegment.isEmpty()) {
            return List.of();
        }
        long bucketMillis = perSegment.stream().flatMap(List::stream).map(TrafficSample::resolution)
                .max(Duration::compareTo).orElseThrow().toMillis();
        bucketMillis = Math.max(1000, bucketMillis);
        List<Map<Long, double[]>> means = new ArrayList<>();
        for (List<TrafficSample> samples : perSegment) {
            means.add(bucketMeans(samples, bucketMillis));
        }
        Map<Long, double[]> out = new TreeMap<>();
        for (Long bucket : means.get(0).keySet()) {
            if (means.stream().allMatch(m -> m.containsKey(bucket))) {
                double in = Double.MAX_VALUE;
                double outBps = Double.MAX_VALUE;
                double errors = 0;
                double discards = 0;
                for (Map<Long, double[]> m : means) {
                    double[] v = m.get(bucket);
                    in = Math.min(in, v[0] / v[4]);
                    outBps = Math.min(outBps, v[1] / v[4]);
                    errors += v[2] / v[4];
                    discards += v[3] / v[4];
                }
                out.put(bucket, new double[] {in, outBps, errors, discards});
            }
        }
        List<TrafficRate> rates = new ArrayList<>();
        long size = bucketMillis;
        out.forEach((bucket, v) -> rates.add(new TrafficRate(Instant.ofEpochMilli(bucket * size),
                Instant.ofEpochMilli((bucket + 1) * size), v[0], v[1], v[2], v[3])));
        return rates;
    }

    /** Per bucket index: the rates times the milliseconds they cover there, and the milliseconds covered. */
    private static Map<Long, double[]> bucketMeans(List<TrafficSample> samples, long bucketMillis) {
        Map<Long, double[]> sums = new TreeMap<>();
        for (TrafficSample s : samples) {
            long from = s.rate().from().toEpochMilli();
            long to = s.rate().to().toEpochMilli();
            for (long b = Math.floorDiv(from, bucketMillis); b * bucketMillis < to; b++) {
                long overlap = Math.min(to, (b + 1) * bucketMillis) - Math.max(from, b * bucketMillis);
                if (overlap <= 0) {
                    continue;
                }
                double[] v = sums.computeIfAbsent(b, k -> new double[5]);
                v[0] += s.rate().inBitsPerSecond() * overlap;
                v[1] += s.rate().outBitsPerSecond() * overlap;
                v[2] += s.rate().errorsPerSecond() * overlap;
                v[3] += s.rate().discardsPerSecond() * overlap;
                v[4] += overlap;
            }
        }
        return sums;
    }
}
