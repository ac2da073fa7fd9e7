package org.crs.nsap.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficRetention;
import org.crs.domain.traffic.TrafficSample;

/**
 * Where an NSAP keeps the rates it measured on its segments: polled rates, made coarser as
 * they age ({@link TrafficRetention}), so that what is kept per circuit is bounded.
 */
public interface TrafficStore {

    /** Adds one polled rate per segment (booking id to rate), at the polling resolution. */
    void addRates(Map<String, TrafficRate> rates, Duration resolution);

    /**
     * Makes the rows older than the retention allows coarser, a whole bucket at once, and drops
     * hourly rows past their end.
     *
     * @return how many rows were replaced by means or dropped
     */
    long coarsen(TrafficRetention retention, Instant now);

    /** The segment's rates whose periods overlap {@code range}, oldest first, each at the resolution it is kept at. */
    List<TrafficSample> samples(String bookingId, TimeInterval range);

    /** The newest polled rate of every segment whose rate ends at or after {@code since}, by booking id. */
    Map<String, TrafficRate> latestRates(Instant since);

    /** How many rows the store holds, at every resolution. */
    long rows();
}
