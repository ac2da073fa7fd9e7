package org.crs.nsap.contract;

import java.time.Duration;
import java.util.Calendar;

import org.crs.domain.availability.SlotQuery;
import org.crs.service.soap.ServiceFault;

/** The parameters of an availability search read into a {@link SlotQuery}, or a fault naming the bad one. */
public final class SlotQueries {

    private SlotQueries() {
    }

    /**
     * @param bandwidthMbps the bandwidth asked for; a search for the widest passes 1
     */
    public static SlotQuery of(long bandwidthMbps, long durationSeconds, Calendar earliestStart, Calendar latestStart)
            throws ServiceFault {
        if (bandwidthMbps <= 0) {
            throw ServiceFault.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + bandwidthMbps);
        }
        if (durationSeconds <= 0) {
            throw ServiceFault.badField("durationSeconds", "must be a positive number of seconds, was " + durationSeconds);
        }
        if (earliestStart == null || latestStart == null) {
            throw ServiceFault.badField(earliestStart == null ? "earliestStart" : "latestStart", "is missing");
        }
        if (latestStart.toInstant().isBefore(earliestStart.toInstant())) {
            throw ServiceFault.badField("latestStart", "must not be before earliestStart (" + earliestStart.toInstant()
                    + "), was " + latestStart.toInstant());
        }
        return new SlotQuery(bandwidthMbps, Duration.ofSeconds(durationSeconds), earliestStart.toInstant(),
                latestStart.toInstant());
    }
}
