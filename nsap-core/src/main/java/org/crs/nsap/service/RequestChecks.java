package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentAccess;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.admission.Resource;
import org.crs.domain.vlan.VlanId;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;

/**
 * The checks of the service's input: each refuses bad input with a {@link RequestRejected}
 * naming the field, before anything changes.
 */
final class RequestChecks {

    private static final Pattern BOOKING_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,99}");

    private final ResourcePlanner planner;
    private final BookingStore bookings;
    private final Clock clock;
    private final BookingIdScope idScope;

    RequestChecks(ResourcePlanner planner, BookingStore bookings, Clock clock, BookingIdScope idScope) {
        this.planner = planner;
        this.bookings = bookings;
        this.clock = clock;
        this.idScope = idScope;
    }

    /** The segment a well-formed booking id names; refused naming bookingId when there is none. */
    Segment require(String bookingId) throws RequestRejected {
        checkBookingId(bookingId);
        return bookings.find(bookingId).orElseThrow(() -> RequestRejected.badField("bookingId",
                "no booking " + bookingId));
    }

    /**
     * The segment a well-formed booking id names, when {@code caller} may act on it
     * ({@link SegmentAccess}, by the owner stored with it); refused naming bookingId when there
     * is none (BAD_FIELD) or it is another BAR's (NOT_ALLOWED).
     */
    Segment requireOwn(Caller caller, String bookingId) throws RequestRejected {
        Segment s = require(bookingId);
        requireMayAct(caller, bookingId, s.owner());
        return s;
    }

    /** Refuses with NOT_ALLOWED, naming bookingId, a caller that may not act on a booking of {@code owner}. */
    static void requireMayAct(Caller caller, String bookingId, SegmentOwner owner) throws RequestRejected {
        if (!SegmentAccess.mayAct(caller, owner)) {
            throw RequestRejected.notAllowed("booking " + bookingId + " is not " + caller.name()
                    + "'s: it belongs to another BAR");
        }
    }

    /**
     * Refuses with NOT_ALLOWED, naming bookingId, a new booking id {@code caller} may not take
     * ({@link BookingIdScope}): before a hold, or an abort that would take an id no hold took yet.
     */
    void requireMayTake(Caller caller, String bookingId) throws RequestRejected {
        if (idScope == BookingIdScope.CALLERS_SITE && caller instanceof Caller.ServedBar bar
                && !bookingId.startsWith(bar.site() + ":")) {
            throw RequestRejected.notAllowed("booking id " + bookingId + " is not in " + bar.site()
                    + "'s ids: a BAR books here only under ids that begin with its site, " + bar.site() + ":");
        }
    }

    /** A new segment's request: its booking id, endpoints, bandwidth, end and VLANs. */
    void validate(SegmentRequest r) throws RequestRejected {
        checkBookingId(r.bookingId());
        checkEnds(r.source(), r.destination());
        if (r.bandwidthMbps() <= 0) {
            throw RequestRejected.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + r.bandwidthMbps());
        }
        if (!r.interval().end().isAfter(clock.instant())) {
            throw RequestRejected.badField("end", "must be in the future, was " + r.interval().end());
        }
        checkVlan("sourceVlan", r.sourceVlan());
        checkVlan("destinationVlan", r.destinationVlan());
    }

    static void checkBookingId(String bookingId) throws RequestRejected {
        if (bookingId == null || !BOOKING_ID.matcher(bookingId).matches()) {
            throw RequestRejected.badField("bookingId", "must be 1 to 100 letters, digits, '.', '_', ':' or '-'");
        }
    }

    /** Two different endpoints of this service's network. */
    void checkEnds(String source, String destination) throws RequestRejected {
        List<String> endpoints = planner.endpoints();
        if (source == null || !endpoints.contains(source)) {
            throw RequestRejected.badField("source", "unknown endpoint '" + source + "'; known: " + endpoints);
        }
        if (destination == null || !endpoints.contains(destination)) {
            throw RequestRejected.badField("destination", "unknown endpoint '" + destination + "'; known: " + endpoints);
        }
        if (source.equals(destination)) {
            throw RequestRejected.badField("destination", "must differ from the source");
        }
    }

    /** How long a hold or a held change lasts: at least a second, at most {@link SegmentService#MAX_HOLD}. */
    static void checkHoldFor(Duration holdFor) throws RequestRejected {
        Duration max = SegmentService.MAX_HOLD;
        if (holdFor == null || holdFor.isNegative() || holdFor.isZero() || holdFor.compareTo(max) > 0) {
            throw RequestRejected.badField("holdSeconds", "must be between 1 and " + max.toSeconds() + " seconds");
        }
    }

    private static void checkVlan(String field, int vlan) throws RequestRejected {
        if (vlan != 0 && !VlanId.canCarryCircuit(vlan)) {
            throw RequestRejected.badField(field, "must be 0 (any) or a VLAN in " + VlanId.CIRCUIT_RANGE + ", was " + vlan);
        }
    }

    /** A resource of this service's network. */
    void checkResource(String resourceId) throws RequestRejected {
        List<String> known = planner.resources().stream().map(Resource::id).toList();
        if (resourceId == null || !known.contains(resourceId)) {
            throw RequestRejected.badField("resourceId", "unknown resource '" + resourceId + "'; known: " + known);
        }
    }

    /** A reason for the operators who read it later. */
    static void checkReason(String reason) throws RequestRejected {
        if (reason == null || reason.isBlank()) {
            throw RequestRejected.badField("reason", "is required: say why, for the operators who read it later");
        }
    }
}
