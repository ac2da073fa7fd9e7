package org.crs.bar.api.soap;

import java.time.Duration;
import java.util.Calendar;

import org.crs.domain.traffic.TrafficRate;
import org.crs.service.soap.SoapTimes;

/** One mean rate of a segment, or of the circuit end to end, over {@code [start, end)}. */
public class UtilisationSample {

    /** A measured rate over {@code resolution} as the port types answer it (static: no bean property, no operation). */
    public static UtilisationSample of(TrafficRate rate, Duration resolution) {
        UtilisationSample b = new UtilisationSample();
        b.setStart(SoapTimes.calendar(rate.from()));
        b.setEnd(SoapTimes.calendar(rate.to()));
        b.setResolutionSeconds((int) resolution.toSeconds());
        b.setInBitsPerSecond(rate.inBitsPerSecond());
        b.setOutBitsPerSecond(rate.outBitsPerSecond());
        b.setErrorsPerSecond(rate.errorsPerSecond());
        b.setDiscardsPerSecond(rate.discardsPerSecond());
        return b;
    }

    private Calendar start;
    private Calendar end;
    private int resolutionSeconds;
    private double inBitsPerSecond;
    private double outBitsPerSecond;
    private double errorsPerSecond;
    private double discardsPerSecond;

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

    /** The period's length class in seconds: the polling interval, 300 or 3600 as kept by the L-NSAP or NSAP; for end to end, the bucket size. */
    public int getResolutionSeconds() {
        return resolutionSeconds;
    }

    public void setResolutionSeconds(int resolutionSeconds) {
        this.resolutionSeconds = resolutionSeconds;
    }

    /** Bits received per second. */
    public double getInBitsPerSecond() {
        return inBitsPerSecond;
    }

    public void setInBitsPerSecond(double inBitsPerSecond) {
        this.inBitsPerSecond = inBitsPerSecond;
    }

    /** Bits sent per second. */
    public double getOutBitsPerSecond() {
        return outBitsPerSecond;
    }

    public void setOutBitsPerSecond(double outBitsPerSecond) {
        this.outBitsPerSecond = outBitsPerSecond;
    }

    /** Inbound packets with errors per second. */
    public double getErrorsPerSecond() {
        return errorsPerSecond;
    }

    public void setErrorsPerSecond(double errorsPerSecond) {
        this.errorsPerSecond = errorsPerSecond;
    }

    /** Outbound packets discarded per second. */
    public double getDiscardsPerSecond() {
        return discardsPerSecond;
    }

    public void setDiscardsPerSecond(double discardsPerSecond) {
        this.discardsPerSecond = discardsPerSecond;
    }
}
