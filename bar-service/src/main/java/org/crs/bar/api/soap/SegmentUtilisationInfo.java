package org.crs.bar.api.soap;

import org.crs.bar.reservation.Utilisation;

/** What one segment of a reservation carried, as its L-NSAP or the NSAP measured it. */
public class SegmentUtilisationInfo {

    /** What one segment carried as the port types answer it (static: no bean property, no operation). */
    public static SegmentUtilisationInfo of(Utilisation.SegmentUtilisation s) {
        SegmentUtilisationInfo b = new SegmentUtilisationInfo();
        b.setRole(s.role().name());
        b.setController(s.controller());
        b.setBookingId(s.bookingId());
        b.setMeasured(s.notMeasured().isEmpty());
        b.setNotMeasured(s.notMeasured().orElse(""));
        b.setSamples(s.samples().stream().map(x -> UtilisationSample.of(x.rate(), x.resolution()))
                .toArray(UtilisationSample[]::new));
        return b;
    }

    private String role;
    private String controller;
    private String bookingId;
    private boolean measured;
    private String notMeasured = "";
    private UtilisationSample[] samples = new UtilisationSample[0];

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

    /** Whether this BAR asked its controller and was answered; false for the other site's campus (behind the peer BAR) and for a controller that did not answer. */
    public boolean isMeasured() {
        return measured;
    }

    public void setMeasured(boolean measured) {
        this.measured = measured;
    }

    /** Why it was not measured; empty when it was. */
    public String getNotMeasured() {
        return notMeasured;
    }

    public void setNotMeasured(String notMeasured) {
        this.notMeasured = notMeasured;
    }

    /** Its samples, oldest first; none where nothing was measured. */
    public UtilisationSample[] getSamples() {
        return samples;
    }

    public void setSamples(UtilisationSample[] samples) {
        this.samples = samples;
    }
}
