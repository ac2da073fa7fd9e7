package org.crs.bar.reservation;

import java.time.Instant;

import org.crs.domain.time.TimeInterval;

/**
 * A half-open interval a request gives as two named fields (a booking's start and end, a
 * window's, a search's from and to), refused by the name of the field at fault: either one
 * missing, or an end not after its start. Every door reads its intervals through this, so a
 * request is refused alike over SOAP and JSON.
 */
public final class IntervalFields {

    private IntervalFields() {
    }

    /**
     * [start, end).
     *
     * @param start the start, null when the request left it out
     * @param end the end, null when the request left it out
     * @throws BadRequest {@code BAD_FIELD} naming {@code startField} or {@code endField}
     */
    public static TimeInterval of(Instant start, String startField, Instant end, String endField) throws BadRequest {
        if (start == null) {
            throw new BadRequest(startField, "is missing");
        }
        if (end == null) {
            throw new BadRequest(endField, "is missing");
        }
        if (!end.isAfter(start)) {
            throw new BadRequest(endField, "must be after the " + startField + " (" + start + "), was " + end);
        }
        return new TimeInterval(start, end);
    }
}
