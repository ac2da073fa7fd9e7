package org.crs.bar.api.soap;

import java.time.Instant;
import java.util.Calendar;
import java.util.Map;

import org.crs.bar.port.SegmentFailure;
import org.crs.bar.service.AuditService;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.AuditVerification;
import org.crs.domain.refusal.Refusal;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;

/**
 * The BAR's audit port type, for operators (docs/security.md): search the audit trail by
 * reservation, account, router and time, newest first; export the same as CSV; verify the hash
 * chain. Reads only. Served at {@code /services/AuditService}, namespace {@code urn:crs:bar-audit:1};
 * the published WSDL is schema/wsdl/AuditService.wsdl.
 */
public class AuditPortType {

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
            return service.search(query(reservationId, account, router, from, to).page(offset, limit)).stream()
                    .map(AuditPortType::info).toArray(AuditEntryInfo[]::new);
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
            return service.exportCsv(query(reservationId, account, router, from, to));
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
    public AuditVerificationInfo verifyAudit() {
        AuditVerification v = service.verify();
        AuditVerificationInfo info = new AuditVerificationInfo();
        info.setIntact(v.intact());
        info.setEntriesChecked(v.entriesChecked());
        info.setLastGoodHash(v.lastGoodHash());
        info.setTampering(v.firstBreak().map(b -> b.kind().name()).orElse(""));
        info.setSequence(v.firstBreak().map(AuditVerification.Break::sequence).orElse(0L));
        info.setDetail(v.firstBreak().map(AuditVerification.Break::detail).orElse(""));
        return info;
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

    static AuditEntryInfo info(AuditEntry e) {
        AuditRecord r = e.record();
        AuditEntryInfo i = new AuditEntryInfo();
        i.setSequence(e.sequence());
        i.setOccurredAt(SoapTimes.calendar(r.occurredAt()));
        i.setActor(r.actor());
        i.setAddress(r.address());
        i.setCertificate(r.certificate());
        i.setOperation(r.operation());
        i.setArguments(r.arguments().entrySet().stream().map(AuditPortType::argument).toArray(AuditArgument[]::new));
        i.setOutcome(r.outcome());
        i.setReservationId(r.reservationId());
        i.setBookingId(r.bookingId());
        i.setRouter(r.router());
        i.setDetail(r.detail());
        i.setPreviousHash(e.previousHash());
        i.setHash(e.hash());
        return i;
    }

    private static AuditArgument argument(Map.Entry<String, String> a) {
        AuditArgument arg = new AuditArgument();
        arg.setName(a.getKey());
        arg.setValue(a.getValue());
        return arg;
    }
}
