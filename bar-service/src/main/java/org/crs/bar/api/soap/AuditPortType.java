package org.crs.bar.api.soap;

import java.time.Instant;
import java.util.Calendar;

import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.domain.access.Caller;
import org.crs.bar.service.AuditService;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.refusal.Refusal;
import org.crs.service.soap.ServiceFault;

/**
 * The BAR's audit port type, for operators (docs/security.md): search the audit trail by
 * reservation, account, router and time, newest first; export the same as CSV; verify the hash
 * chain. Reads only. Served at {@code /services/AuditService}, namespace {@code urn:crs:bar-audit:1};
 * the published WSDL is schema/wsdl/AuditService.wsdl.
 */
public class AuditPortType {

    /** The process itself when nobody signed in (a server without access control). */
    private static final Caller.Process INSIDE = new Caller.Process("bar");

    private final AuditService service;

    public AuditPortType(AuditService service) {
        this.service = service;
    }

    /**
     * The entries that match every filter given (an empty or absent filter matches all):
     * {@code reservationId}, {@code account} (the actor), {@code router}, and the time range
     * [from, to). Newest first; {@code offset} entries skipped, at most {@code limit} (1 to
     * {@value AuditQuery#MAX_LIMIT}) answered. Given a reservation, the router commands the site's
     * L-NSAP and NSAP logged for its segments are answered too (operation {@code router-command},
     * sequence number 0 and no hashes: they are chained in the controller's own trail); a
     * controller that does not answer makes the call fail.
     */
    public AuditEntryInfo[] searchAudit(String reservationId, String account, String router, Calendar from, Calendar to,
                                        int offset, int limit) throws ServiceFault {
        if (offset < 0) {
            throw ServiceFault.badField("offset", "must not be negative, was " + offset);
        }
        if (limit < 1 || limit > AuditQuery.MAX_LIMIT) {
            throw ServiceFault.badField("limit", "must be 1 to " + AuditQuery.MAX_LIMIT + ", was " + limit);
        }
        try {
            return service.search(caller(), query(reservationId, account, router, from, to).page(offset, limit))
                    .stream().map(AuditEntryInfo::of).toArray(AuditEntryInfo[]::new);
        } catch (BadRequest e) {
            throw new ServiceFault(e.refusal());
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /**
     * The entries that match the filters, as {@link #searchAudit} selects them (the newest
     * {@value AuditQuery#MAX_LIMIT} at most), as CSV (RFC 4180, a header row, both hashes of
     * every entry).
     */
    public String exportAuditCsv(String reservationId, String account, String router, Calendar from, Calendar to)
            throws ServiceFault {
        try {
            return service.exportCsv(caller(), query(reservationId, account, router, from, to));
        } catch (BadRequest e) {
            throw new ServiceFault(e.refusal());
        } catch (SegmentFailure e) {
            throw fault(e);
        }
    }

    /** A controller that did not give a segment's device log: the search cannot be complete. */
    private static ServiceFault fault(SegmentFailure e) {
        Refusal refusal = e.refusal().withMessage("device log unknown: " + e.getMessage());
        return e.answered() ? new ServiceFault(refusal) : ServiceFault.failure(refusal);
    }

    /** Walks the whole trail: intact, or the first entry edited, inserted or deleted, and its sequence number. */
    public AuditVerificationInfo verifyAudit() throws ServiceFault {
        try {
            return AuditVerificationInfo.of(service.verify(caller()));
        } catch (BadRequest e) {
            throw new ServiceFault(e.refusal());
        }
    }

    /** The signed-in operator, or the process itself on a server without access control. */
    private static Caller caller() {
        return SoapCaller.of(INSIDE);
    }

    private static AuditQuery query(String reservationId, String account, String router, Calendar from, Calendar to)
            throws ServiceFault {
        Instant start = from == null ? null : from.toInstant();
        Instant end = to == null ? null : to.toInstant();
        if (start != null && end != null && !end.isAfter(start)) {
            throw ServiceFault.badField("to", "must be after from (" + start + "), was " + end);
        }
        return AuditQuery.all().withReservation(reservationId).withActor(account).withRouter(router).between(start, end);
    }
}
