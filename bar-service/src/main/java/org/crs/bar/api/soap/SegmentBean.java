package org.crs.bar.api.soap;

import org.crs.bar.reservation.Segment;

/** One segment of a reservation: who holds it, under which id, on which VLANs. */
public class SegmentBean {

    /** A segment as the port types answer it (static: no bean property, no operation). */
    public static SegmentBean of(Segment s) {
        SegmentBean b = new SegmentBean();
        b.setRole(s.role().name());
        b.setController(s.controller());
        b.setBookingId(s.bookingId());
        b.setState(s.state() == null ? "" : s.state().name());
        b.setSourceVlan(s.sourceVlan());
        b.setDestinationVlan(s.destinationVlan());
        b.setDescription(s.description());
        return b;
    }

    private String role;
    private String controller;
    private String bookingId;
    private String state;
    private int sourceVlan;
    private int destinationVlan;
    private String description;

    /** WAN, LOCAL_CAMPUS, REMOTE_CAMPUS or FAR_NETWORK (the part in another network, booked over NSI). */
    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }

    /** The L-NSAP, NSAP or peer BAR holding it. */
    public String getController() {
        return controller;
    }

    public void setController(String controller) {
        this.controller = controller;
    }

    /** Its id at that controller. */
    public String getBookingId() {
        return bookingId;
    }

    public void setBookingId(String bookingId) {
        this.bookingId = bookingId;
    }

    /** Its state there, as last answered (empty before it answered). */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    public int getSourceVlan() {
        return sourceVlan;
    }

    public void setSourceVlan(int sourceVlan) {
        this.sourceVlan = sourceVlan;
    }

    public int getDestinationVlan() {
        return destinationVlan;
    }

    public void setDestinationVlan(int destinationVlan) {
        this.destinationVlan = destinationVlan;
    }

    /** The path or port it took. */
    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }
}
