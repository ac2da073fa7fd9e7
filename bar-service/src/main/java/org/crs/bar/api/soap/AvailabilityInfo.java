package org.crs.bar.api.soap;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.nsap.contract.StartWindowBean;

/** The answer to findAvailability. */
public class AvailabilityInfo {

    /** An availability search's answer as the port types give it (static: no bean property, no operation). */
    public static AvailabilityInfo of(AvailabilitySearch.Answer answer) {
        AvailabilityInfo info = new AvailabilityInfo();
        info.setStarts(StartWindowBean.of(answer.starts()));
        info.setMaxBandwidthMbps(answer.maxBandwidthMbps());
        return info;
    }

    private StartWindowBean[] starts;
    private long maxBandwidthMbps;

    /** Every start time in the window at which the circuit can be booked, as stretches in time order; empty when none. */
    public StartWindowBean[] getStarts() {
        return starts;
    }

    public void setStarts(StartWindowBean[] starts) {
        this.starts = starts;
    }

    /**
     * The requested bandwidth when there are start times; otherwise the most bandwidth some
     * start time in the window has for the duration (0: none at all).
     */
    public long getMaxBandwidthMbps() {
        return maxBandwidthMbps;
    }

    public void setMaxBandwidthMbps(long maxBandwidthMbps) {
        this.maxBandwidthMbps = maxBandwidthMbps;
    }
}
