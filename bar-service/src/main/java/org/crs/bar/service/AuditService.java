package org.crs.bar.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.port.AuditLog;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.Caller;
import org.crs.bar.reservation.Segment;
import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.AuditVerification;

/**
 * What operators read of the audit (docs/security.md): the BAR's own trail by reservation,
 * account, router and time, newest first; the same as CSV; and the verification of its hash
 * chain. Who may call it is the access table's business (operators and admins).
 *
 * <p>The router commands of a reservation are in the trails of the L-NSAP and NSAP that sent
 * them, not in the BAR's. A search that names a reservation therefore also asks the site's own
 * L-NSAP and NSAP for the device log of each of its segments ({@link SegmentController#deviceLog})
 * and answers those commands among the BAR's entries, by time. They carry sequence number 0 and
 * no hashes here: their chain is the controller's, verified there. Segments at another site are
 * that site's to audit.
 */
public final class AuditService {

    private final AuditLog log;
    private final ReservationStore reservations;
    private final Site site;

    /**
     * @param reservations where a reservation's segments are found
     * @param site the controllers whose device logs a search by reservation reads
     */
    public AuditService(AuditLog log, ReservationStore reservations, Site site) {
        this.log = Objects.requireNonNull(log, "log");
        this.reservations = Objects.requireNonNull(reservations, "reservations");
        this.site = Objects.requireNonNull(site, "site");
    }

    /**
     * The entries {@code query} selects, newest first; for a query by reservation, with the
     * router commands of its segments at this site.
     *
     * @throws BadRequest NOT_ALLOWED for a caller that is no operator or admin
     * @throws SegmentFailure if the L-NSAP or NSAP of one of the reservation's segments did not answer
     */
    public List<AuditEntry> search(Caller operator, AuditQuery query) throws BadRequest, SegmentFailure {
        CallerAccess.requireOperator(operator, "", "read the audit trail");
        if (query.reservationId() == null) {
            return log.search(query);
        }
        List<AuditEntry> merged = new ArrayList<>(log.search(query.page(0, AuditQuery.MAX_LIMIT)));
        Optional<Reservation> reservation = reservations.find(query.reservationId());
        if (reservation.isPresent()) {
            for (Segment segment : reservation.get().segments()) {
                Optional<SegmentController> controller = site.controller(segment.controller());
                if (controller.isEmpty() || site.peers().containsValue(controller.get())) {
                    continue;
                }
                for (AuditRecord r : controller.get().deviceLog(segment.bookingId(), AuditQuery.MAX_LIMIT)) {
                    if (matches(query, r)) {
                        merged.add(new AuditEntry(0, r, "", ""));
                    }
                }
            }
        }
        // newest first; the BAR's own entries of one instant keep their order in the chain
        merged.sort(Comparator.comparing((AuditEntry e) -> e.record().occurredAt()).reversed()
                .thenComparing(Comparator.comparingLong(AuditEntry::sequence).reversed()));
        int from = Math.min(query.offset(), merged.size());
        int to = (int) Math.min((long) from + query.limit(), merged.size());
        return List.copyOf(merged.subList(from, to));
    }

    /**
     * The entries {@link #search} answers, as CSV ({@link AuditCsv}), header row first.
     *
     * @throws BadRequest as {@link #search} does
     * @throws SegmentFailure as {@link #search} does
     */
    public String exportCsv(Caller operator, AuditQuery query) throws BadRequest, SegmentFailure {
        return AuditCsv.of(search(operator, query));
    }

    /**
     * The verification of the BAR's whole trail.
     *
     * @throws BadRequest NOT_ALLOWED for a caller that is no operator or admin
     */
    public AuditVerification verify(Caller operator) throws BadRequest {
        CallerAccess.requireOperator(operator, "", "verify the audit trail");
        return log.verify();
    }

    /** Whether a controller's record passes the query's filters other than the reservation (which its booking names). */
    private static boolean matches(AuditQuery q, AuditRecord r) {
        Instant at = r.occurredAt();
        return (q.actor() == null || q.actor().equals(r.actor()))
                && (q.router() == null || q.router().equals(r.router()))
                && (q.operation() == null || q.operation().equals(r.operation()))
                && (q.from() == null || !at.isBefore(q.from()))
                && (q.to() == null || at.isBefore(q.to()));
    }
}
