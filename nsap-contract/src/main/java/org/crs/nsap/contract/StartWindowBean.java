package org.crs.nsap.contract;

import java.util.Calendar;

import org.crs.domain.availability.StartTimes;
import org.crs.service.soap.SoapTimes;

/**
 * A stretch of start times, both ends included: a booking may start at any instant from
 * earliest to latest. Answers of availability searches are arrays of these in time order.
 */
public class StartWindowBean {

    private Calendar earliest;
    private Calendar latest;

    /** The stretches of {@code starts}, in time order. */
    public static StartWindowBean[] of(StartTimes starts) {
        return starts.windows().stream().map(w -> {
            StartWindowBean b = new StartWindowBean();
            b.earliest = SoapTimes.calendar(w.earliest());
            b.latest = SoapTimes.calendar(w.latest());
            return b;
        }).toArray(StartWindowBean[]::new);
    }

    public Calendar getEarliest() {
        return earliest;
    }

    public void setEarliest(Calendar earliest) {
        this.earliest = earliest;
    }

    public Calendar getLatest() {
        return latest;
    }

    public void setLatest(Calendar latest) {
        this.latest = latest;
    }
}
