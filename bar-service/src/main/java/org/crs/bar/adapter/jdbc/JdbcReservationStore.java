package org.crs.bar.adapter.jdbc;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.bar.port.FollowUps;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Reservations;
import org.crs.bar.port.WorkQueue;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.Visibility;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;

/**
 * The reservation store over JDBC, on HSQLDB or PostgreSQL (schema/bar): each port answered by
 * its adapter ({@link JdbcReservations}, {@link JdbcWorkQueue}, {@link JdbcFollowUps}), all of
 * them over one {@link ReservationDatabase}. Every method is one transaction. Texts longer than
 * their columns (reasons, descriptions) are clipped.
 */
public final class JdbcReservationStore implements ReservationStore {

    private final Reservations reservations;
    private final WorkQueue work;
    private final FollowUps followUps;

    public JdbcReservationStore(DataSource dataSource) {
        this(dataSource, Clock.systemUTC());
    }

    /** @param clock tells {@link #updateSegments} the time, which it is not given */
    public JdbcReservationStore(DataSource dataSource, Clock clock) {
        ReservationDatabase db = new ReservationDatabase(dataSource);
        this.reservations = new JdbcReservations(db, clock);
        this.work = new JdbcWorkQueue(db);
        this.followUps = new JdbcFollowUps(db);
    }

    // ---- the reservations (Reservations) ----

    @Override
    public Optional<Reservation> create(ReservationRequest request, String owner, List<Segment> segments,
                                        ReservationTransition created) {
        return reservations.create(request, owner, segments, created);
    }

    @Override
    public Optional<Reservation> find(String requestId) {
        return reservations.find(requestId);
    }

    @Override
    public Optional<Reservation> findByBookingId(String bookingId) {
        return reservations.findByBookingId(bookingId);
    }

    @Override
    public List<Reservation> list(Collection<ReservationState> states, TimeInterval window, Visibility visibility, int limit) {
        return reservations.list(states, window, visibility, limit);
    }

    @Override
    public List<Reservation> endedBy(Collection<ReservationState> states, Instant t, int limit) {
        return reservations.endedBy(states, t, limit);
    }

    @Override
    public List<Reservation> unchangedSince(Collection<ReservationState> states, Instant t, int limit) {
        return reservations.unchangedSince(states, t, limit);
    }

    @Override
    public List<Reservation> changedSince(Instant t, int limit) {
        return reservations.changedSince(t, limit);
    }

    @Override
    public Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments) {
        return reservations.move(requestId, steps, segments);
    }

    @Override
    public Optional<Reservation> reject(String requestId, ReservationTransition rejection, RefusalCode code,
                                        List<Segment> segments) {
        return reservations.reject(requestId, rejection, code, segments);
    }

    @Override
    public void updateSegments(String requestId, List<Segment> segments) {
        reservations.updateSegments(requestId, segments);
    }

    @Override
    public Optional<Reservation> modify(String requestId, ReservationState state, ReservationRequest modified,
                                        List<Segment> segments, String actor, String reason, Instant at) {
        return reservations.modify(requestId, state, modified, segments, actor, reason, at);
    }

    @Override
    public Optional<Reservation> provision(String requestId, boolean provisioned, ReservationTransition note) {
        return reservations.provision(requestId, provisioned, note);
    }

    @Override
    public List<Reservation> released(Collection<ReservationState> states, int limit) {
        return reservations.released(states, limit);
    }

    @Override
    public List<ReservationTransition> history(String requestId) {
        return reservations.history(requestId);
    }

    @Override
    public List<Reservation> startedBy(Collection<ReservationState> states, Instant t, int limit) {
        return reservations.startedBy(states, t, limit);
    }

    @Override
    public List<Reservation> ofGroup(String group, Collection<ReservationState> states, TimeInterval window) {
        return reservations.ofGroup(group, states, window);
    }

    // ---- the work under way (WorkQueue) ----

    @Override
    public Optional<Reservation> startWork(String requestId, ReservationTransition transition, List<Segment> segments,
                                           Instant leaseUntil, ReservationState settlesAs) {
        return work.startWork(requestId, transition, segments, leaseUntil, settlesAs);
    }

    @Override
    public List<Reservation> dueWork(Instant now, int limit) {
        return work.dueWork(now, limit);
    }

    @Override
    public Optional<Reservation> claimWork(String requestId, ReservationState state, Instant seen, Instant leaseUntil) {
        return work.claimWork(requestId, state, seen, leaseUntil);
    }

    @Override
    public boolean workLater(String requestId, Instant next, ReservationTransition note, List<Segment> segments) {
        return work.workLater(requestId, next, note, segments);
    }

    @Override
    public int endLeases(Instant now) {
        return work.endLeases(now);
    }

    // ---- the follow-up calls (FollowUps) ----

    @Override
    public void addFollowUps(List<FollowUp> list) {
        followUps.addFollowUps(list);
    }

    @Override
    public List<FollowUp> dueFollowUps(Instant now, int limit) {
        return followUps.dueFollowUps(now, limit);
    }

    @Override
    public List<FollowUp> followUps(String requestId) {
        return followUps.followUps(requestId);
    }

    @Override
    public boolean claimFollowUp(FollowUp followUp, Instant leaseUntil) {
        return followUps.claimFollowUp(followUp, leaseUntil);
    }

    @Override
    public void followUpTried(FollowUp followUp, Instant next, String actor, String note, Instant at) {
        followUps.followUpTried(followUp, next, actor, note, at);
    }
}
