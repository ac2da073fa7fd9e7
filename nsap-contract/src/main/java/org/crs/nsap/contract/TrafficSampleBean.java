package org.crs.nsap.contract;

import java.util.Calendar;

import org.crs.domain.traffic.TrafficSample;
import org.crs.service.soap.SoapTimes;

/**
 * One sample of a segment's utilisation (the {@code utilisation} operation): the segment's mean
 * rates over {@code [start, end)}, at the resolution the L-NSAP or NSAP keeps for that time
 * (the polling interval, 300 s or 3600 s with the default retention; docs/nsap-services.md).
 * Bit rates are those of the segment's first router part (where traffic enters from its
 * source); errors and discards are summed over its parts.
 */
public class TrafficSampleBean {

    private Calendar start;
    private Calendar end;
    private int resolutionSeconds;
    private double inBitsPerSecond;
    private double outBitsPerSecond;
    private double errorsPerSecond;
    private double discardsPerSecond;

    /** The bean of a stored sample, as the L-NSAP, the NSAP and a peer BAR answer it. */
    public static TrafficSampleBean of(TrafficSample s) {
        TrafficSampleBean b = new TrafficSampleBean();
        b.setStart(SoapTimes.calendar(s.rate().from()));
        b.setEnd(SoapTimes.calendar(s.rate().to()));
        b.setResolutionSeconds((int) s.resolution().toSeconds());
        b.setInBitsPerSecond(s.rate().inBitsPerSecond());
        b.setOutBitsPerSecond(s.rate().outBitsPerSecond());
        b.setErrorsPerSecond(s.rate().errorsPerSecond());
        b.setDiscardsPerSecond(s.rate().discardsPerSecond());
        return b;
    }

    /** Start of the period the rates are a mean over. */
    public Calendar getStart() {
        return start;
    }

    public void setStart(Calendar start) {
        this.start = start;
    }

    /** End of the period (exclusive). */
    public Calendar getEnd() {
        return end;
    }

    public void setEnd(Calendar end) {
        this.end = end;
    }

    /** The resolution of the row the sample comes from, in seconds: the polling interval, 300 or 3600. */
    public int getResolutionSeconds() {
        return resolutionSeconds;
    }

    public void setResolutionSeconds(int resolutionSeconds) {
        this.resolutionSeconds = resolutionSeconds;
    }

    /** Bits per second received on the polled interface (ifHCInOctets), mean over the period. */
    public double getInBitsPerSecond() {
        return inBitsPerSecond;
    }

    public void setInBitsPerSecond(double inBitsPerSecond) {
        this.inBitsPerSecond = inBitsPerSecond;
    }

    /** Bits per second sent on the polled interface (ifHCOutOctets), mean over the period. */
    public double getOutBitsPerSecond() {
        return outBitsPerSecond;
    }

    public void setOutBitsPerSecond(double outBitsPerSecond) {
        this.outBitsPerSecond = outBitsPerSecond;
    }

    /** Inbound packets with errors per second (ifInErrors), summed over the segment's parts. */
    public double getErrorsPerSecond() {
        return errorsPerSecond;
    }

    public void setErrorsPerSecond(double errorsPerSecond) {
        this.errorsPerSecond = errorsPerSecond;
    }

    /** Outbound packets discarded per second (ifOutDiscards), summed over the segment's parts. */
    public double getDiscardsPerSecond() {
        return discardsPerSecond;
    }

    public void setDiscardsPerSecond(double discardsPerSecond) {
        this.discardsPerSecond = discardsPerSecond;
    }
}
