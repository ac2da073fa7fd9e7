package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditRecord;
import org.crs.service.soap.SoapTimes;

/** One entry of the BAR's audit trail, with its place in the hash chain (docs/security.md). */
public class AuditEntryInfo {

    /** An entry of the audit trail as the port types answer it (static: no bean property, no operation). */
    public static AuditEntryInfo of(AuditEntry e) {
        AuditRecord r = e.record();
        AuditEntryInfo i = new AuditEntryInfo();
        i.setSequence(e.sequence());
        i.setOccurredAt(SoapTimes.calendar(r.occurredAt()));
        i.setActor(r.actor());
        i.setAddress(r.address());
        i.setCertificate(r.certificate());
        i.setOperation(r.operation());
        i.setArguments(r.arguments().entrySet().stream().map(AuditArgument::of).toArray(AuditArgument[]::new));
        i.setOutcome(r.outcome());
        i.setReservationId(r.reservationId());
        i.setBookingId(r.bookingId());
        i.setRouter(r.router());
        i.setDetail(r.detail());
        i.setPreviousHash(e.previousHash());
        i.setHash(e.hash());
        return i;
    }

    private long sequence;
    private Calendar occurredAt;
    private String actor;
    private String address;
    private String certificate;
    private String operation;
    private AuditArgument[] arguments = new AuditArgument[0];
    private String outcome;
    private String reservationId;
    private String bookingId;
    private String router;
    private String detail;
    private String previousHash;
    private String hash;

    /** The entry's sequence number, from 1. */
    public long getSequence() {
        return sequence;
    }

    public void setSequence(long sequence) {
        this.sequence = sequence;
    }

    /** When it happened, UTC. */
    public Calendar getOccurredAt() {
        return occurredAt;
    }

    public void setOccurredAt(Calendar occurredAt) {
        this.occurredAt = occurredAt;
    }

    /** The account or service that acted. */
    public String getActor() {
        return actor;
    }

    public void setActor(String actor) {
        this.actor = actor;
    }

    /** The caller's IP address, or empty. */
    public String getAddress() {
        return address;
    }

    public void setAddress(String address) {
        this.address = address;
    }

    /** The subject of the caller's client certificate, or empty. */
    public String getCertificate() {
        return certificate;
    }

    public void setCertificate(String certificate) {
        this.certificate = certificate;
    }

    /** What was done: {@code ReservationService.cancelReservation}, {@code router-command}. */
    public String getOperation() {
        return operation;
    }

    public void setOperation(String operation) {
        this.operation = operation;
    }

    /** The call's arguments in their order, secrets removed. */
    public AuditArgument[] getArguments() {
        return arguments;
    }

    public void setArguments(AuditArgument[] arguments) {
        this.arguments = arguments;
    }

    /** {@code OK}, or the refusal code the call was answered with. */
    public String getOutcome() {
        return outcome;
    }

    public void setOutcome(String outcome) {
        this.outcome = outcome;
    }

    /** The reservation concerned, or empty. */
    public String getReservationId() {
        return reservationId;
    }

    public void setReservationId(String reservationId) {
        this.reservationId = reservationId;
    }

    /** The segment booking concerned, or empty. */
    public String getBookingId() {
        return bookingId;
    }

    public void setBookingId(String bookingId) {
        this.bookingId = bookingId;
    }

    /** The router concerned, or empty. */
    public String getRouter() {
        return router;
    }

    public void setRouter(String router) {
        this.router = router;
    }

    /** Free text: a router's answer, a reason. */
    public String getDetail() {
        return detail;
    }

    public void setDetail(String detail) {
        this.detail = detail;
    }

    /** The hash of the entry before (64 zeros for the first). */
    public String getPreviousHash() {
        return previousHash;
    }

    public void setPreviousHash(String previousHash) {
        this.previousHash = previousHash;
    }

    /** This entry's SHA-256 hash, hex. */
    public String getHash() {
        return hash;
    }

    public void setHash(String hash) {
        this.hash = hash;
    }
}
