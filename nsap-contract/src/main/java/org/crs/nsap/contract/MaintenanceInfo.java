package org.crs.nsap.contract;

import java.util.Calendar;

/** The SOAP form of a maintenance window: a resource out of service over [start, end). */
public class MaintenanceInfo {

    private long id;
    private String resourceId;
    private Calendar start;
    private Calendar end;
    private String reason;
    private String createdBy;
    private String declaredByOperator;
    private Calendar createdAt;
    private Calendar liftedAt;
    private String liftedBy;
    private String liftedByOperator;
    private String liftReason;
    private String[] affectedBookings = new String[0];

    /** The window's number, for liftMaintenance. */
    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    /** The resource out of service: a host port, an uplink, a link or an access point. */
    public String getResourceId() {
        return resourceId;
    }

    public void setResourceId(String resourceId) {
        this.resourceId = resourceId;
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

    /** Why the resource is out of service. */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /** Who recorded the window: the caller the provider authenticated (a BAR, or the provider itself). */
    public String getCreatedBy() {
        return createdBy;
    }

    public void setCreatedBy(String createdBy) {
        this.createdBy = createdBy;
    }

    /**
     * The operator the calling BAR declared the window for; absent when none was named (a BAR
     * from before the field, or the provider acting on its own).
     */
    public String getDeclaredByOperator() {
        return declaredByOperator;
    }

    public void setDeclaredByOperator(String declaredByOperator) {
        this.declaredByOperator = declaredByOperator;
    }

    public Calendar getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Calendar createdAt) {
        this.createdAt = createdAt;
    }

    /** When the window was lifted; absent while it is live. */
    public Calendar getLiftedAt() {
        return liftedAt;
    }

    public void setLiftedAt(Calendar liftedAt) {
        this.liftedAt = liftedAt;
    }

    /** Who lifted the window: the caller the provider authenticated; absent while it is live. */
    public String getLiftedBy() {
        return liftedBy;
    }

    public void setLiftedBy(String liftedBy) {
        this.liftedBy = liftedBy;
    }

    /** The operator the calling BAR lifted the window for; absent while it is live or when none was named. */
    public String getLiftedByOperator() {
        return liftedByOperator;
    }

    public void setLiftedByOperator(String liftedByOperator) {
        this.liftedByOperator = liftedByOperator;
    }

    /** Why the window was lifted; absent while it is live. */
    public String getLiftReason() {
        return liftReason;
    }

    public void setLiftReason(String liftReason) {
        this.liftReason = liftReason;
    }

    /**
     * The live bookings (HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING) that hold bandwidth
     * on the resource during the window: they were booked before it and stand. Empty for a
     * lifted window.
     */
    public String[] getAffectedBookings() {
        return affectedBookings;
    }

    public void setAffectedBookings(String[] affectedBookings) {
        this.affectedBookings = affectedBookings == null ? new String[0] : affectedBookings;
    }
}
