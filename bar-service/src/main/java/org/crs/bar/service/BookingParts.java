package org.crs.bar.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.crs.bar.port.CircuitParts;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.reservation.SegmentRole;
import org.crs.domain.time.TimeInterval;

/**
 * The segments a reservation books at its parts ({@link CircuitParts}) and their booking ids,
 * for {@link Bookings} and {@link ReservationChanges}. A record of what it needs: it keeps no
 * state of its own.
 */
record BookingParts(Site site, BarSettings settings) {

    /** The last part of a segment's booking id, by its role. */
    private static final Map<SegmentRole, String> PART_NAMES = Map.of(SegmentRole.WAN, "wan",
            SegmentRole.LOCAL_CAMPUS, "campus", SegmentRole.REMOTE_CAMPUS, "remote", SegmentRole.FAR_NETWORK, "far");

    /**
     * The segments a request books, none held yet. A flexible request that found its slot taken
     * tries the next with new booking ids ({@code attempt} 2 on), since the controllers keep the
     * aborted ones.
     */
    List<Segment> segments(ReservationRequest request, int attempt) throws BadRequest {
        // A first try's id has two colons (a request id has none); later tries add ":2", ":3", ...
        return segments(request, attempt == 1 ? "" : ":" + attempt);
    }

    /** The segments a request books under booking ids {@code <site>:<requestId>:<part><suffix>}, none held yet. */
    List<Segment> segments(ReservationRequest request, String suffix) throws BadRequest {
        // The routers carry the circuit from the set-up lead before its start until it is taken down.
        TimeInterval configured = settings.configured(request.interval());
        List<Segment> segments = new ArrayList<>();
        for (CircuitParts.Part p : CircuitParts.of(site, request.source(), request.destination())) {
            String bookingId = bookingId(request.requestId(), PART_NAMES.get(p.role())) + suffix;
            // the VLANs a request fixes are those of its own ends at this campus (a hand-off's)
            boolean ownEnds = p.role() == SegmentRole.LOCAL_CAMPUS && p.source().equals(request.source().host())
                    && p.destination().equals(request.destination().host());
            segments.add(new Segment(p.role(), p.controller().name(), new SegmentOrder(bookingId,
                    p.source(), p.destination(), request.bandwidthMbps(), configured, ownEnds ? request.sourceVlan() : 0,
                    ownEnds ? request.destinationVlan() : 0), null, 0, 0, ""));
        }
        return segments;
    }

    /** Unique at every controller: request ids are unique per BAR, and each BAR is at one site. */
    String bookingId(String requestId, String part) {
        return site.name() + ":" + requestId + ":" + part;
    }
}
