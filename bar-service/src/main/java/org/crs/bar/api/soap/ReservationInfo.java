package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.service.soap.SoapTimes;

/** A reservation as the BAR answers it (xs:dateTime times, UTC). */
public class ReservationInfo {

    /** A reservation as the port types answer it, without traffic flags (static: no bean property, no operation). */
    public static ReservationInfo of(Reservation r) {
        ReservationInfo i = new ReservationInfo();
        ReservationRequest q = r.request();
        i.setRequestId(q.requestId());
        i.setSource(q.source().toString());
        i.setDestination(q.destination().toString());
        i.setBandwidthMbps(q.bandwidthMbps());
        i.setStart(SoapTimes.calendar(q.interval().start()));
        i.setEnd(SoapTimes.calendar(q.interval().end()));
        i.setDescription(q.description());
        i.setHoldOnly(q.holdOnly());
        i.setState(r.state().name());
        i.setReason(r.reason());
        i.setRefusalCode(r.refusalCode() == null ? null : r.refusalCode().name());
        i.setOwner(r.owner());
        i.setCreatedAt(SoapTimes.calendar(r.createdAt()));
        i.setUpdatedAt(SoapTimes.calendar(r.updatedAt()));
        i.setSegments(r.segments().stream().map(SegmentBean::of).toArray(SegmentBean[]::new));
        i.setProvisioning(q.provisioning().name());
        i.setProvisioned(r.provisioned());
        return i;
    }

    private String requestId;
    private String source;
    private String destination;
    private long bandwidthMbps;
    private Calendar start;
    private Calendar end;
    private String description;
    private boolean holdOnly;
    private String state;
    private String reason;
    private String refusalCode;
    private String owner;
    private Calendar createdAt;
    private Calendar updatedAt;
    private SegmentBean[] segments = new SegmentBean[0];
    private String[] flags = new String[0];
    private String provisioning;
    private boolean provisioned;

    /**
     * When its circuit is up once committed: AUTOMATIC (from its start to its end) or
     * ON_PROVISION (only while provisioned: provisionReservation, releaseReservation).
     */
    public String getProvisioning() {
        return provisioning;
    }

    public void setProvisioning(String provisioning) {
        this.provisioning = provisioning;
    }

    /** Whether an ON_PROVISION reservation is provisioned now; false for an AUTOMATIC one. */
    public boolean isProvisioned() {
        return provisioned;
    }

    public void setProvisioned(boolean provisioned) {
        this.provisioned = provisioned;
    }

    /** The id the client chose. */
    public String getRequestId() {
        return requestId;
    }

    public void setRequestId(String requestId) {
        this.requestId = requestId;
    }

    /** One end, site:host. */
    public String getSource() {
        return source;
    }

    public void setSource(String source) {
        this.source = source;
    }

    /** The other end, site:host. */
    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    /** Mbit/s. */
    public long getBandwidthMbps() {
        return bandwidthMbps;
    }

    public void setBandwidthMbps(long bandwidthMbps) {
        this.bandwidthMbps = bandwidthMbps;
    }

    /** When the circuit is up from. */
    public Calendar getStart() {
        return start;
    }

    public void setStart(Calendar start) {
        this.start = start;
    }

    /** When it ends (exclusive). */
    public Calendar getEnd() {
        return end;
    }

    public void setEnd(Calendar end) {
        this.end = end;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    /** Whether the client commits or aborts the hold itself. */
    public boolean isHoldOnly() {
        return holdOnly;
    }

    public void setHoldOnly(boolean holdOnly) {
        this.holdOnly = holdOnly;
    }

    /** REQUESTED, HELD, PENDING_APPROVAL, RESERVED, ACTIVATING, ACTIVE, RELEASING, FINISHED, REJECTED, ABORTED, FAILED or CANCELLED. */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    /** Why it is in that state: for REJECTED, which segment refused and why. */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /**
     * Why it was refused, for programs, when it is REJECTED: a refusal code (NO_CAPACITY, NO_PATH,
     * MAINTENANCE, VLAN_UNAVAILABLE, HOST_PORT_BUSY, BAD_FIELD, TIMEOUT, PROVIDER_SILENT, POLICY);
     * absent in every other state.
     */
    public String getRefusalCode() {
        return refusalCode;
    }

    public void setRefusalCode(String refusalCode) {
        this.refusalCode = refusalCode;
    }

    /** Who asked for it. */
    public String getOwner() {
        return owner;
    }

    public void setOwner(String owner) {
        this.owner = owner;
    }

    public Calendar getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Calendar createdAt) {
        this.createdAt = createdAt;
    }

    public Calendar getUpdatedAt() {
        return updatedAt;
    }

    public void setUpdatedAt(Calendar updatedAt) {
        this.updatedAt = updatedAt;
    }

    /** Its segments: the WAN, this site's campus, the other site's campus. */
    public SegmentBean[] getSegments() {
        return segments;
    }

    public void setSegments(SegmentBean[] segments) {
        this.segments = segments;
    }

    /** The traffic flags raised on it (IDLE, ERRORS; docs/bar-services.md, "Utilisation"); none when clean. */
    public String[] getFlags() {
        return flags;
    }

    public void setFlags(String[] flags) {
        this.flags = flags;
    }
}
