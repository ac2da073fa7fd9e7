package org.crs.bar.service;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.refusal.Refusal;

/**
 * Books a released circuit's schedule again at every part, all or nothing, for a reservation
 * released before its end ({@link Provisions}).
 *
 * <p>Why: the parts keep no booking whose circuit was taken down; a segment taken off its
 * routers is RELEASED there for good ({@link org.crs.domain.booking.SegmentState}), and the
 * NSAP port type has no "down but booked". So once every part has answered that the circuit is
 * down, the BAR books the same interval again under new booking ids (the parts answer a hold of
 * an id they have, even a released one, with that booking), straight away: the capacity is free
 * only from a part's answer to the new hold, a few calls later. Another booking that takes it in
 * that gap makes the re-booking fail, and the reservation FAILS. A BAR that stops between the
 * commits and its write leaves the new bookings with no reservation behind them; their services
 * release them once the BAR answers that they are not wanted ({@code segmentWanted}).
 */
final class Rebooking {

    /** What re-booking came to. */
    sealed interface Result permits Booked, Refused, NotReached {
    }

    /** Every part holds the interval again, committed, under the segments' new booking ids. */
    record Booked(List<Segment> segments) implements Result {
    }

    /** A part refused (the capacity was taken in the gap): nothing stays booked. */
    record Refused(Refusal refusal) implements Result {
    }

    /** A part did not answer: what was held was aborted; worth trying again. */
    record NotReached(String why) implements Result {
    }

    private final Negotiation negotiation;
    private final BookingParts parts;
    private final Clock clock;
    /** Counts re-bookings, so two of one reservation in the same millisecond get different booking ids. */
    private final AtomicInteger count = new AtomicInteger();

    Rebooking(Negotiation negotiation, BookingParts parts, Clock clock) {
        this.negotiation = negotiation;
        this.parts = parts;
        this.clock = clock;
    }

    /** Books {@code r}'s interval again at every part under new booking ids; see the class comment. */
    Result rebook(Reservation r) {
        // New ids at every part; the time in base 36 and a counter keep them new and short.
        String suffix = ":p" + Long.toString(clock.millis(), 36) + Integer.toString(count.incrementAndGet() % 1296, 36);
        List<Segment> fresh;
        try {
            fresh = parts.segments(r.request(), suffix);
        } catch (BadRequest e) {
            // its ends were bookable when it was booked; a site dropped from the configuration since is not
            return new Refused(e.refusal());
        }
        Reservation candidate = new Reservation(r.request(), r.owner(), r.state(), r.reason(), fresh, r.createdAt(),
                r.updatedAt(), r.refusalCode(), r.work(), r.provision());
        Negotiation.Holding holding = negotiation.holdAll(candidate);
        if (!holding.held()) {
            return holding.answered() ? new Refused(holding.refusal())
                    : new NotReached(holding.refusal().message());
        }
        Negotiation.Commitment commitment = negotiation.commitAll(r.requestId(), holding.segments());
        if (!commitment.committed()) {
            return new NotReached("not committed: " + String.join("; ", commitment.failures()));
        }
        return new Booked(commitment.segments());
    }
}
