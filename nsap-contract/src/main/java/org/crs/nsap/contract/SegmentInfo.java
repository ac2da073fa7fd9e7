package org.crs.nsap.contract;

import java.util.Calendar;

/** The SOAP form of a segment booking's state. */
public class SegmentInfo {

    private String bookingId;
    private long circuitId;
    private String state;
    private String source;
    private String destination;
    private long bandwidthMbps;
    private Calendar start;
    private Calendar end;
    private Calendar holdExpiresAt;
    private int sourceVlan;
    private int destinationVlan;
    private String plan;
    private String[] routers = new String[0];
    private String lastChange;
    private Calendar pendingEnd;
    private long pendingBandwidthMbps;
    private Calendar pendingExpiresAt;

    public String getBookingId() {
        return bookingId;
    }

    public void setBookingId(String bookingId) {
        this.bookingId = bookingId;
    }

    /** The number naming the circuit on routers (LP-n). */
    public long getCircuitId() {
        return circuitId;
    }

    public void setCircuitId(long circuitId) {
        this.circuitId = circuitId;
    }

    /** HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING, SUSPENDING, RELEASED, ABORTED, EXPIRED or FAILED. */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    public String getSource() {
        return source;
    }

    public void setSource(String source) {
        this.source = source;
    }

    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    public long getBandwidthMbps() {
        return bandwidthMbps;
    }

    public void setBandwidthMbps(long bandwidthMbps) {
        this.bandwidthMbps = bandwidthMbps;
    }

    public Calendar getStart() {
        return start;
    }

    public void setStart(Calendar start) {
        this.start = start;
    }

    public Calendar getEnd() {
        return end;
    }

    public void setEnd(Calendar end) {
        this.end = end;
    }

    /** When an uncommitted hold lapses; absent once committed. */
    public Calendar getHoldExpiresAt() {
        return holdExpiresAt;
    }

    public void setHoldExpiresAt(Calendar holdExpiresAt) {
        this.holdExpiresAt = holdExpiresAt;
    }

    /** The VLAN handed over at the source. */
    public int getSourceVlan() {
        return sourceVlan;
    }

    public void setSourceVlan(int sourceVlan) {
        this.sourceVlan = sourceVlan;
    }

    /** The VLAN handed over at the destination. */
    public int getDestinationVlan() {
        return destinationVlan;
    }

    public void setDestinationVlan(int destinationVlan) {
        this.destinationVlan = destinationVlan;
    }

    /** The chosen path or port, for people. */
    public String getPlan() {
        return plan;
    }

    public void setPlan(String plan) {
        this.plan = plan;
    }

    /** The routers the segment is configured on. */
    public String[] getRouters() {
        return routers;
    }

    public void setRouters(String[] routers) {
        this.routers = routers == null ? new String[0] : routers;
    }

    /**
     * The last state change. Answers to abort, activate, deactivate, suspend and status give it in full
     * (state, actor, time and reason: for a failed activation, which router failed and why);
     * answers to hold and commit give the state and its time; answers to modify, commitModify
     * and abortModify give the last step of the segment's last change, with its values before
     * and after.
     */
    public String getLastChange() {
        return lastChange;
    }

    public void setLastChange(String lastChange) {
        this.lastChange = lastChange;
    }

    /** The end time of a change held by modify and not yet committed or aborted; absent when none is pending. */
    public Calendar getPendingEnd() {
        return pendingEnd;
    }

    public void setPendingEnd(Calendar pendingEnd) {
        this.pendingEnd = pendingEnd;
    }

    /** The bandwidth of the pending change; 0 when none is pending. */
    public long getPendingBandwidthMbps() {
        return pendingBandwidthMbps;
    }

    public void setPendingBandwidthMbps(long pendingBandwidthMbps) {
        this.pendingBandwidthMbps = pendingBandwidthMbps;
    }

    /** When the pending change lapses unless committed; absent when none is pending. */
    public Calendar getPendingExpiresAt() {
        return pendingExpiresAt;
    }

    public void setPendingExpiresAt(Calendar pendingExpiresAt) {
        this.pendingExpiresAt = pendingExpiresAt;
    }
}
