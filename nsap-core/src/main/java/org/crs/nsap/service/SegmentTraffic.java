package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.access.Caller;

import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.TrafficStore;
import org.crs.nsap.segment.Segment;

/**
 * What a segment carried: the rates the polling stored ({@link TrafficPolling}), at the
 * resolution kept for each time, and the latest rate of every segment for monitoring.
 */
public final class SegmentTraffic {

    /** The longest range one question may ask about. */
    public static final Duration LONGEST_RANGE = Duration.ofDays(400);

    private final BookingStore bookings;
    private final TrafficStore store;
    private final Clock clock;

    public SegmentTraffic(BookingStore bookings, TrafficStore store, Clock clock) {
        this.bookings = Objects.requireNonNull(bookings, "bookings");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The segment's rates over {@code range}, oldest first, each at the resolution stored for
     * its time: polled rates for the last day, 5-minute means for the month before, hourly
     * means before that (with the default retention). Empty where nothing was measured.
     *
     * @param caller who asks: only the BAR that owns the segment (or the process itself) is answered
     * @throws RequestRejected BAD_FIELD naming {@code bookingId} for a segment this service does
     *     not hold, naming {@code to} for a range longer than {@link #LONGEST_RANGE}; NOT_ALLOWED
     *     naming {@code bookingId} for another BAR's segment
     */
    public List<TrafficSample> utilisation(String bookingId, TimeInterval range, Caller caller) throws RequestRejected {
        Optional<Segment> segment = bookingId == null || bookingId.isBlank() ? Optional.empty() : bookings.find(bookingId);
        if (segment.isEmpty()) {
            throw RequestRejected.badField("bookingId", "no booking " + bookingId);
        }
        RequestChecks.requireMayAct(caller, bookingId, segment.get().owner());
        if (range.duration().compareTo(LONGEST_RANGE) > 0) {
            throw RequestRejected.badField("to", "a range of at most " + LONGEST_RANGE.toDays() + " days");
        }
        return store.samples(bookingId, range);
    }

    /**
     * The newest rate of every segment measured within the last {@code freshness}, by booking
     * id: what a monitoring endpoint exports per circuit.
     */
    public Map<String, TrafficRate> latestRates(Duration freshness) {
        return store.latestRates(clock.instant().minus(freshness));
    }
}
