package org.crs.bar.api.soap;

import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.security.CurrentCall;
import java.time.Duration;
import java.time.Instant;
import java.util.Calendar;

import org.crs.domain.availability.SlotQuery;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.contract.SegmentInfo;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.nsap.contract.SlotQueries;
import org.crs.nsap.contract.StartWindowBean;
import org.crs.nsap.contract.TrafficSampleBean;
import org.crs.service.soap.SoapTimes;
import org.crs.service.soap.ServiceFault;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.service.ReservationService;

/**
 * The port type a BAR serves to the BARs of other sites: the NSAP port type's segment
 * operations for this site's campus. A peer BAR that books a circuit ending here holds, commits,
 * activates and releases the campus segment through it; this BAR passes each call to its own
 * L-NSAP, which keeps the booking and its history (the calling site's name begins every
 * booking id, so bookings from different sites never collide). A refusal of the L-NSAP reaches
 * the calling BAR with the L-NSAP's code.
 */
public class PeerPortType {

    private final SegmentController campus;
    private final ReservationService reservations;

    /**
     * @param campus this site's L-NSAP
     * @param reservations this BAR's reservations, which say whether a booking is still wanted
     */
    public PeerPortType(SegmentController campus, ReservationService reservations) {
        this.campus = campus;
        this.reservations = reservations;
    }

    /**
     * Whether a reservation still wants the segment booked under {@code bookingId}: WANTED or
     * NOT_WANTED. An L-NSAP or the NSAP asks it of a committed or active segment unchanged for
     * long, and releases it when not wanted. A booking id of another site is asked of its BAR.
     */
    public String segmentWanted(String bookingId) throws ServiceFault {
        try {
            return reservations.segmentWanted(bookingId).name();
        } catch (BadRequest e) {
            throw ServiceFault.badField(e.field(), e.reason());
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** Holds the campus segment for {@code holdSeconds} unless committed; answers its port and VLAN. */
    public SegmentInfo hold(SegmentRequestBean request, int holdSeconds) throws ServiceFault {
        SegmentOrder order = order(request);
        requireOwnSite(order.bookingId());
        if (holdSeconds < 1) {
            throw ServiceFault.badField("holdSeconds", "must be at least 1, was " + holdSeconds);
        }
        try {
            return info(campus.hold(order, Duration.ofSeconds(holdSeconds)));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * Books the campus segment for good in one step, as hold then commit would: the calling BAR
     * asks this of the last part of its booking, and aborts it if another part fails.
     */
    public SegmentInfo holdAndCommit(SegmentRequestBean request) throws ServiceFault {
        SegmentOrder order = order(request);
        requireOwnSite(order.bookingId());
        try {
            return info(campus.holdAndCommit(order));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * A peer BAR acts only on its own site's bookings: their ids start with its site
     * ({@code <site>:<requestId>:<part>}). A caller from inside the process (nobody signed in) is
     * not checked.
     */
    private static void requireOwnSite(String bookingId) throws ServiceFault {
        if (bookingId == null || bookingId.isBlank()) {
            throw ServiceFault.badField("bookingId", "is missing");
        }
        Caller caller = CurrentCall.caller();
        if (caller instanceof Caller.PeerBar peer && (bookingId == null || !bookingId.startsWith(peer.site() + ":"))) {
            throw new ServiceFault(new Refusal(RefusalCode.NOT_ALLOWED, "bookingId", "booking " + bookingId
                    + " is not allowed to the BAR of " + peer.site() + ": a peer acts only on bookings of its own site"));
        }
    }

    private static SegmentOrder order(SegmentRequestBean request) throws ServiceFault {
        if (request == null) {
            throw ServiceFault.badField("request", "is missing");
        }
        if (request.getStart() == null || request.getEnd() == null) {
            throw ServiceFault.badField(request.getStart() == null ? "start" : "end", "is missing");
        }
        Instant start = request.getStart().toInstant();
        Instant end = request.getEnd().toInstant();
        if (!end.isAfter(start)) {
            throw ServiceFault.badField("end", "must be after the start (" + start + "), was " + end);
        }
        if (request.getBookingId() == null || request.getSource() == null || request.getDestination() == null) {
            throw ServiceFault.badField(request.getBookingId() == null ? "bookingId" : request.getSource() == null ? "source"
                    : "destination", "is missing");
        }
        return new SegmentOrder(request.getBookingId(), request.getSource(), request.getDestination(),
                request.getBandwidthMbps(), new TimeInterval(start, end), request.getSourceVlan(),
                request.getDestinationVlan());
    }

    public SegmentInfo commit(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.commit(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    public SegmentInfo abort(String bookingId, String reason) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.abort(bookingId, reason));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** Configures the campus segment; answers ACTIVE, or FAILED with the reason. */
    public SegmentInfo activate(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.activate(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    public SegmentInfo deactivate(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.deactivate(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** Takes the campus segment off its routers, its booking kept: COMMITTED, to be activated again. */
    public SegmentInfo suspend(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.suspend(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    public SegmentInfo status(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.status(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** Holds a change of the campus segment's end and bandwidth; commit or abort it next. */
    public SegmentInfo modify(String bookingId, Calendar end, long bandwidthMbps, int holdSeconds) throws ServiceFault {
        requireOwnSite(bookingId);
        if (end == null) {
            throw ServiceFault.badField("end", "is missing");
        }
        if (holdSeconds < 1) {
            throw ServiceFault.badField("holdSeconds", "must be at least 1, was " + holdSeconds);
        }
        try {
            return info(campus.modify(bookingId, end.toInstant(), bandwidthMbps, Duration.ofSeconds(holdSeconds)));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    public SegmentInfo commitModify(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.commitModify(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    public SegmentInfo abortModify(String bookingId) throws ServiceFault {
        requireOwnSite(bookingId);
        try {
            return info(campus.abortModify(bookingId));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * The start times in [earliestStart, latestStart] at which the campus segment could be booked
     * at {@code bandwidthMbps} for {@code durationSeconds}, as its L-NSAP answers them.
     */
    public StartWindowBean[] availability(String source, String destination, long bandwidthMbps, long durationSeconds,
                                          Calendar earliestStart, Calendar latestStart) throws ServiceFault {
        SlotQuery query = SlotQueries.of(bandwidthMbps, durationSeconds, earliestStart, latestStart);
        try {
            return StartWindowBean.of(campus.availability(source, destination, query));
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** The most bandwidth the campus segment could be booked with for {@code durationSeconds} at some start time. */
    public long widestBandwidth(String source, String destination, long durationSeconds, Calendar earliestStart,
                                Calendar latestStart) throws ServiceFault {
        SlotQuery query = SlotQueries.of(1, durationSeconds, earliestStart, latestStart);
        try {
            return campus.widest(source, destination, query.duration(), query.earliestStart(), query.latestStart());
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** This site's endpoints as its L-NSAP names them: its hosts, and the site itself. */
    public String[] listEndpoints() throws ServiceFault {
        try {
            return campus.endpoints().toArray(new String[0]);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * What the campus segment booked under {@code bookingId} carried over [from, to), as this
     * site's L-NSAP measured it (the NSAP port type's {@code utilisation}, passed on): for the
     * BAR of the booking's site, which draws its circuit end to end. A peer asks only of its own
     * site's bookings.
     */
    public TrafficSampleBean[] utilisation(String bookingId, Calendar from, Calendar to) throws ServiceFault {
        requireOwnSite(bookingId);
        if (from == null || to == null) {
            throw ServiceFault.badField(from == null ? "from" : "to", "is missing");
        }
        if (!to.toInstant().isAfter(from.toInstant())) {
            throw ServiceFault.badField("to", "must be after from (" + from.toInstant() + "), was " + to.toInstant());
        }
        try {
            return campus.utilisation(bookingId, new TimeInterval(from.toInstant(), to.toInstant())).stream()
                    .map(TrafficSampleBean::of).toArray(TrafficSampleBean[]::new);
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    private static SegmentInfo info(SegmentAnswer a) {
        SegmentInfo i = new SegmentInfo();
        i.setBookingId(a.bookingId());
        i.setState(a.state().name());
        i.setSourceVlan(a.sourceVlan());
        i.setDestinationVlan(a.destinationVlan());
        i.setPlan(a.description());
        i.setLastChange(a.reason().isEmpty() ? a.state().name() : a.reason());
        return i;
    }

    // the L-NSAP refused: the caller's request, with the L-NSAP's code; it did not answer: our
    // failure, TIMEOUT or PROVIDER_SILENT, so the calling BAR tells its client what happened here
    private static ServiceFault fault(SegmentFailure e) {
        Refusal refusal = e.refusal().withMessage(e.getMessage());
        return e.answered() ? new ServiceFault(refusal) : ServiceFault.failure(refusal);
    }
}
