package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Visibility;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link ReservationService} answers without changing anything: a reservation, its history
 * and its follow-ups for a caller who may see it, the reservations a caller may list, whether a
 * booking is still wanted, and what could be booked (the endpoints, the free start times, the
 * widest bandwidth over time). A record of what it reads: it keeps no state of its own.
 */
record ReservationQueries(Site site, BarSettings settings, Clock clock, AvailabilitySearch availability,
                          ReservationLookup lookup) {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);

    private ReservationStore store() {
        return lookup.store();
    }

    /** The reservation as it is now. */
    Reservation get(Caller caller, String requestId) throws BadRequest {
        return lookup.require(caller, requestId);
    }

    /**
     * Reservations in the states (all when empty) overlapping the window (any time when null),
     * those the caller may see ({@link Visibility#of}).
     */
    List<Reservation> list(Caller caller, Collection<ReservationState> states, TimeInterval window, int limit)
            throws BadRequest {
        if (limit < 1 || limit > 10_000) {
            throw new BadRequest("limit", "must be between 1 and 10000, was " + limit);
        }
        return store().list(states, window, Visibility.of(caller), limit);
    }

    /**
     * Every reservation holding resources at {@code at} ({@link NetworkMap#HOLDING}), whoever owns
     * it: what the network map draws as each link's load, which anyone who may see the map sees
     * (the map draws bandwidth, not whose it is).
     */
    List<Reservation> holdingAt(Instant at) {
        return store().list(NetworkMap.HOLDING, new TimeInterval(at, at.plusMillis(1)), Visibility.ALL, 10_000);
    }

    /** The reservation of {@code requestId}, if there is one. */
    Optional<Reservation> find(String requestId) {
        return store().find(requestId);
    }

    /** Every history entry of a reservation, oldest first. */
    List<ReservationTransition> history(Caller caller, String requestId) throws BadRequest {
        lookup.require(caller, requestId);
        return store().history(requestId);
    }

    /**
     * The endpoints clients can book between: this site's hosts, and those of every peer that
     * answers, as {@code site:host}. Any caller may ask.
     */
    List<String> endpoints(Caller caller) {
        List<String> out = new ArrayList<>(hostsOf(site.name(), site.campus()));
        site.peers().forEach((peerSite, peer) -> out.addAll(hostsOf(peerSite, peer)));
        return out;
    }

    private static List<String> hostsOf(String siteName, SegmentController controller) {
        try {
            return controller.endpoints().stream().filter(e -> !e.equals(siteName)).map(h -> siteName + ":" + h).toList();
        } catch (SegmentFailure e) {
            LOG.warn("endpoints of {} unknown: {}", siteName, e.getMessage());
            return List.of();
        }
    }

    /**
     * Whether the reservation that booked a segment under {@code bookingId} still wants it, for a
     * service that holds the segment and finds it unchanged for long. A booking of this site is
     * wanted while its reservation is not over; a booking of another site is that site's BAR's
     * to answer, and is asked of it.
     *
     * @throws BadRequest if the booking id is not {@code <site>:<requestId>:<part>} or names an unknown site
     * @throws SegmentFailure if the BAR of the booking's site could not answer
     */
    BookingWanted segmentWanted(String bookingId) throws BadRequest, SegmentFailure {
        if (bookingId == null || bookingId.isBlank()) {
            throw new BadRequest("bookingId", "is missing");
        }
        String[] fields = bookingId.split(":", -1);
        if (fields.length < 3 || fields[0].isEmpty() || fields[1].isEmpty()) {
            throw new BadRequest("bookingId", "is not <site>:<requestId>:<part>: " + bookingId);
        }
        if (fields[0].equals(site.name())) {
            return store().findByBookingId(bookingId).filter(r -> !r.state().isFinal()).isPresent()
                    ? BookingWanted.WANTED : BookingWanted.NOT_WANTED;
        }
        SegmentController peer = site.peer(fields[0]).orElseThrow(() -> new BadRequest("bookingId",
                "names site " + fields[0] + ", which is neither this site nor a peer of it"));
        return peer.wanted(bookingId);
    }

    /**
     * The start times at which a circuit could be booked; see {@link AvailabilitySearch#find}.
     * Any caller may ask: it books nothing and names no one's reservation.
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked
     */
    AvailabilitySearch.Answer findAvailability(Caller caller, Endpoint source, Endpoint destination, long mbps,
                                                      Duration duration, TimeInterval window)
            throws BadRequest, SegmentFailure {
        return availability.find(source, destination, mbps, duration, window);
    }

    /**
     * The most bandwidth a circuit could be booked with at each step of [from, to): one point per
     * {@code step}, each for a circuit over that step; see {@link AvailabilitySearch#widestAt}.
     * Any caller may ask, as for {@link #findAvailability}.
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked
     */
    List<ReservationService.BandwidthPoint> widestBandwidth(Caller caller, Endpoint source, Endpoint destination, TimeInterval span,
                                                Duration step)
            throws BadRequest, SegmentFailure {
        if (step.compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("stepSeconds", "must be at least " + settings.minimumDuration().toSeconds() + " s, was "
                    + step.toSeconds() + " s");
        }
        long points = span.duration().toSeconds() / step.toSeconds();
        if (points > ReservationService.MAX_PROFILE_POINTS) {
            throw new BadRequest("stepSeconds", "gives " + points + " points over " + span + "; at most "
                    + ReservationService.MAX_PROFILE_POINTS + " are answered: take a longer step or a shorter span");
        }
        Instant now = clock.instant();
        List<ReservationService.BandwidthPoint> out = new ArrayList<>();
        for (Instant t = span.start(); t.isBefore(span.end()); t = t.plus(step)) {
            // a circuit cannot start in the past: a step under way is asked from now on
            Instant from = t.isBefore(now) ? now : t;
            Instant stepEnd = t.plus(step);
            long mbps = stepEnd.isAfter(from) && Duration.between(from, stepEnd).compareTo(settings.minimumDuration()) >= 0
                    ? availability.widestAt(source, destination, from, Duration.between(from, stepEnd)) : 0;
            out.add(new ReservationService.BandwidthPoint(t, mbps));
        }
        return out;
    }

    /** The follow-ups of a reservation still to be made: calls that have not reached their part yet. */
    List<FollowUp> followUps(String requestId) throws BadRequest {
        lookup.require(requestId);
        return store().followUps(requestId);
    }
}
