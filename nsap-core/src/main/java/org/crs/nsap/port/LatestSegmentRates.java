package org.crs.nsap.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The latest measured traffic of each ACTIVE segment, as {@code /metrics} shows it per circuit
 * ({@code crs_segment_rate_bits_per_second}). The NSAPs' counter polling keeps these rates
 * in its traffic store (docs/nsap-services.md, "Traffic"); {@link #NONE} answers nothing.
 */
@FunctionalInterface
public interface LatestSegmentRates {

    /**
     * One segment's latest rates.
     *
     * @param bookingId the segment's booking id
     * @param inBitsPerSecond bits per second into the circuit (received on its source port)
     * @param outBitsPerSecond bits per second out of it (sent on its destination port)
     * @param measuredAt the end of the interval the rates were measured over
     */
    record SegmentRate(String bookingId, double inBitsPerSecond, double outBitsPerSecond, Instant measuredAt) {
        public SegmentRate {
            Objects.requireNonNull(bookingId, "bookingId");
            Objects.requireNonNull(measuredAt, "measuredAt");
        }
    }

    /** The latest rates of the segments measured; a segment not measured yet is absent. */
    List<SegmentRate> latest();

    /** No measurements: what a service without counter polling answers. */
    LatestSegmentRates NONE = List::of;
}
