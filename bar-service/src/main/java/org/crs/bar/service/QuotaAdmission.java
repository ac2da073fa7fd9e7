package org.crs.bar.service;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Timing;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;

/**
 * Checks a booking against its group's quota before it is negotiated. The bookings of one group
 * with a quota are admitted one at a time at this BAR (each holds the group's turn until it is
 * stored with its group), so two racing bookings cannot both fit in what is left for one.
 * BAR replicas sharing a database do not share turns: there, two bookings of one group made at
 * the same moment at two replicas may both pass.
 */
final class QuotaAdmission {

    /** The states in which a reservation counts against its group's quota. */
    static final Set<ReservationState> LIVE = EnumSet.of(ReservationState.HELD, ReservationState.PENDING_APPROVAL,
            ReservationState.RESERVED, ReservationState.ACTIVATING, ReservationState.ACTIVE);

    private final ReservationStore store;
    private final Quotas quotas;
    private final ConcurrentMap<String, ReentrantLock> turns = new ConcurrentHashMap<>();

    QuotaAdmission(ReservationStore store, Quotas quotas) {
        this.store = store;
        this.quotas = quotas;
    }

    /** A group's turn to book, held until {@link Turn#close()}; a group without a quota has no turns. */
    Turn turnOf(Optional<String> group) {
        Optional<ReentrantLock> lock = group.filter(g -> quotas.of(g).isPresent())
                .map(g -> turns.computeIfAbsent(g, x -> new ReentrantLock(true)));
        lock.ifPresent(ReentrantLock::lock);
        return () -> lock.ifPresent(ReentrantLock::unlock);
    }

    /** A group's turn to book. */
    interface Turn extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Refuses a booking that would take its group over its quota, naming the quota, its limit and
     * what is used. A flexible request is checked as if booked at the start of its window.
     *
     * @throws BadRequest with {@link org.crs.domain.refusal.RefusalCode#QUOTA_EXCEEDED}
     */
    void check(ReservationRequest request, String group) throws BadRequest {
        Optional<Quota> quota = quotas.of(group);
        if (quota.isEmpty()) {
            return;
        }
        Quota.Use asked = asked(request);
        List<Quota.Use> booked = store.ofGroup(group, LIVE, Quota.window(asked.interval())).stream()
                .map(r -> Quota.Use.of(r.request())).toList();
        Optional<Refusal> refusal = quota.get().admit(asked, booked);
        if (refusal.isPresent()) {
            throw new BadRequest(refusal.get());
        }
    }

    /** What a request would book: a fixed one its interval; a flexible one from its window's start. */
    static Quota.Use asked(ReservationRequest request) {
        Timing timing = request.timing();
        if (timing instanceof Timing.InWindow w) {
            return new Quota.Use(w.requestedMbps(), TimeInterval.of(w.window().start(), w.duration()));
        }
        if (timing instanceof Timing.Transfer t) {
            return new Quota.Use(t.requestedMbps(), TimeInterval.of(t.window().start(), t.transferTime(t.requestedMbps())));
        }
        return Quota.Use.of(request);
    }
}
