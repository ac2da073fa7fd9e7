package org.crs.nsap.contract;

import java.util.Calendar;

/** The SOAP form of a segment request (xs:dateTime times, UTC). */
public class SegmentRequestBean {

    private String bookingId;
    private String source;
    private String destination;
    private long bandwidthMbps;
    private Calendar start;
    private Calendar end;
    private int sourceVlan;
    private int destinationVlan;

    /** The id the client chose; repeating a call with it is safe. */
    public String getBookingId() {
        return bookingId;
    }

    public void setBookingId(String bookingId) {
        this.bookingId = bookingId;
    }

    /** Where the segment starts: a site (NSAP) or an end-host (L-NSAP). */
    public String getSource() {
        return source;
    }

    public void setSource(String source) {
        this.source = source;
    }

    /** Where it ends: a site. */
    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    /** The rate, Mbit/s, positive. */
    public long getBandwidthMbps() {
        return bandwidthMbps;
    }

    public void setBandwidthMbps(long bandwidthMbps) {
        this.bandwidthMbps = bandwidthMbps;
    }

    /** Start, inclusive. */
    public Calendar getStart() {
        return start;
    }

    public void setStart(Calendar start) {
        this.start = start;
    }

    /** End, exclusive; after the start. */
    public Calendar getEnd() {
        return end;
    }

    public void setEnd(Calendar end) {
        this.end = end;
    }

    /** VLAN required at the source, 0 to let the service choose. */
    public int getSourceVlan() {
        return sourceVlan;
    }

    public void setSourceVlan(int sourceVlan) {
        this.sourceVlan = sourceVlan;
    }

    /** VLAN required at the destination, 0 to let the service choose. */
    public int getDestinationVlan() {
        return destinationVlan;
    }

    public void setDestinationVlan(int destinationVlan) {
        this.destinationVlan = destinationVlan;
    }
}
