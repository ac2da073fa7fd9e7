package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.service.MaintenanceService;
import org.crs.service.soap.SoapTimes;

/**
 * A maintenance window as the BAR answers it (xs:dateTime times, UTC): the window as the L-NSAP or
 * the NSAP keeps it, and the bookings it hits.
 */
public class MaintenanceWindowInfo {

    /**
     * A maintenance window with the reservations and other bookings it hits, as the port types
     * answer it (static: no bean property, no operation).
     */
    public static MaintenanceWindowInfo of(MaintenanceService.WindowHits h) {
        MaintenanceWindow w = h.window();
        MaintenanceWindowInfo i = new MaintenanceWindowInfo();
        i.setScope(h.scope().name());
        i.setId(w.id());
        i.setResourceId(w.resourceId());
        i.setStart(SoapTimes.calendar(w.interval().start()));
        i.setEnd(SoapTimes.calendar(w.interval().end()));
        i.setReason(w.reason());
        i.setCreatedBy(w.createdBy());
        i.setCreatedAt(w.createdAt() == null ? null : SoapTimes.calendar(w.createdAt()));
        if (w.lift() != null) {
            i.setLiftedAt(SoapTimes.calendar(w.lift().at()));
            i.setLiftedBy(w.lift().by());
            i.setLiftReason(w.lift().reason());
        }
        i.setReservations(h.reservations().stream().map(ReservationInfo::of).toArray(ReservationInfo[]::new));
        i.setOtherBookings(h.otherBookings().toArray(new String[0]));
        return i;
    }

    private String scope;
    private long id;
    private String resourceId;
    private Calendar start;
    private Calendar end;
    private String reason;
    private String createdBy;
    private Calendar createdAt;
    private Calendar liftedAt;
    private String liftedBy;
    private String liftReason;
    private ReservationInfo[] reservations = new ReservationInfo[0];
    private String[] otherBookings = new String[0];

    /** Whose window: CAMPUS (this site's L-NSAP) or WAN (the NSAP); window numbers are per scope. */
    public String getScope() {
        return scope;
    }

    public void setScope(String scope) {
        this.scope = scope;
    }

    /** The window's number in its scope, for liftMaintenance. */
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

    /** Why, as declared (with the operator who declared it). */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /** Who the L-NSAP or NSAP recorded the window from. */
    public String getCreatedBy() {
        return createdBy;
    }

    public void setCreatedBy(String createdBy) {
        this.createdBy = createdBy;
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

    /** Who lifted it; absent while it is live. */
    public String getLiftedBy() {
        return liftedBy;
    }

    public void setLiftedBy(String liftedBy) {
        this.liftedBy = liftedBy;
    }

    /** Why it was lifted; absent while it is live. */
    public String getLiftReason() {
        return liftReason;
    }

    public void setLiftReason(String liftReason) {
        this.liftReason = liftReason;
    }

    /**
     * This BAR's reservations that are not over whose segments use the resource during the
     * window; empty for a lifted window.
     */
    public ReservationInfo[] getReservations() {
        return reservations;
    }

    public void setReservations(ReservationInfo[] reservations) {
        this.reservations = reservations == null ? new ReservationInfo[0] : reservations;
    }

    /**
     * The booking ids the window hits that are not this BAR's (other sites' circuits), as the
     * L-NSAP or NSAP names them.
     */
    public String[] getOtherBookings() {
        return otherBookings;
    }

    public void setOtherBookings(String[] otherBookings) {
        this.otherBookings = otherBookings == null ? new String[0] : otherBookings;
    }
}
