package org.crs.bar.api.soap;

import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Optional;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.Utilisation;
import org.crs.service.soap.SoapTimes;

/** What a reservation's circuit carried over a time range: per segment, end to end, beside the booked rate. */
public class UtilisationInfo {

    /**
     * What a reservation's circuit carried as the port types answer it: each segment of {@code u},
     * or when nothing was measured each of {@code r}'s segments marked not measured (static: no bean property, no operation).
     */
    public static UtilisationInfo of(Utilisation u, Reservation r) {
        UtilisationInfo i = new UtilisationInfo();
        i.setRequestId(u.requestId());
        i.setFrom(SoapTimes.calendar(u.interval().start()));
        i.setTo(SoapTimes.calendar(u.interval().end()));
        i.setBookedBitsPerSecond(u.bookedBitsPerSecond());
        List<SegmentUtilisationInfo> segments = new ArrayList<>();
        if (u.segments().isEmpty()) {
            for (Segment s : r.segments()) {
                segments.add(SegmentUtilisationInfo.of(new Utilisation.SegmentUtilisation(s.role(), s.controller(),
                        s.bookingId(), List.of(), Optional.of("this BAR measures no traffic"))));
            }
        } else {
            u.segments().forEach(s -> segments.add(SegmentUtilisationInfo.of(s)));
        }
        i.setSegments(segments.toArray(SegmentUtilisationInfo[]::new));
        i.setEndToEnd(u.endToEnd().stream().map(x -> UtilisationSample.of(x, x.span()))
                .toArray(UtilisationSample[]::new));
        i.setFlags(u.flags().stream().sorted().map(Enum::name).toArray(String[]::new));
        return i;
    }

    private String requestId;
    private Calendar from;
    private Calendar to;
    private long bookedBitsPerSecond;
    private SegmentUtilisationInfo[] segments = new SegmentUtilisationInfo[0];
    private UtilisationSample[] endToEnd = new UtilisationSample[0];
    private String[] flags = new String[0];

    /** The reservation. */
    public String getRequestId() {
        return requestId;
    }

    public void setRequestId(String requestId) {
        this.requestId = requestId;
    }

    /** Start of the range. */
    public Calendar getFrom() {
        return from;
    }

    public void setFrom(Calendar from) {
        this.from = from;
    }

    /** End of the range (exclusive). */
    public Calendar getTo() {
        return to;
    }

    public void setTo(Calendar to) {
        this.to = to;
    }

    /** The booked rate, in bit/s. */
    public long getBookedBitsPerSecond() {
        return bookedBitsPerSecond;
    }

    public void setBookedBitsPerSecond(long bookedBitsPerSecond) {
        this.bookedBitsPerSecond = bookedBitsPerSecond;
    }

    /** Each segment, in the reservation's order. */
    public SegmentUtilisationInfo[] getSegments() {
        return segments;
    }

    public void setSegments(SegmentUtilisationInfo[] segments) {
        this.segments = segments;
    }

    /** Per bucket, the least rate of the measured segments in each direction (what got through all of them), errors and discards summed; oldest first. */
    public UtilisationSample[] getEndToEnd() {
        return endToEnd;
    }

    public void setEndToEnd(UtilisationSample[] endToEnd) {
        this.endToEnd = endToEnd;
    }

    /** The traffic flags raised on the reservation: IDLE, ERRORS. */
    public String[] getFlags() {
        return flags;
    }

    public void setFlags(String[] flags) {
        this.flags = flags;
    }
}
