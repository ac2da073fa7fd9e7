package org.crs.bar.adapter.nowan;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * The WAN part of a site without a WAN: every call is refused {@code NO_PATH}, naming the site.
 * Such a BAR has no peer BARs (its configuration refuses peers without {@code wan}), so no
 * circuit it books has a WAN segment; only an operator's WAN maintenance window reaches here.
 */
public final class NoWan implements SegmentController {

    /** The name a WAN part has in reservations and the configuration, as the NSAP's. */
    public static final String NAME = "nsap";

    private final String site;

    /** @param site the site that has no WAN, which the refusals name */
    public NoWan(String site) {
        this.site = Objects.requireNonNull(site, "site");
    }

    private SegmentFailure refused() {
        return SegmentFailure.refused(NAME, new Refusal(RefusalCode.NO_PATH, "destination", "site " + site
                + " has no WAN; it reaches other networks only through its hand-offs, over NSI"));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer suspend(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        throw refused();
    }

    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        throw refused();
    }

    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        throw refused();
    }

    /** No endpoint: the site's own are its L-NSAP's. */
    @Override
    public List<String> endpoints() {
        return List.of();
    }

    @Override
    public String toString() {
        return "NoWan[" + site + "]";
    }
}
