package org.crs.service.soap;

import java.time.Instant;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;

/** Times at the SOAP boundary: xs:dateTime travels as a {@link Calendar}; inside, it is an {@link Instant}. */
public final class SoapTimes {

    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");
    // Copied, never changed: a new GregorianCalendar looks up the zone and the locale's week rules
    // each time, and a copy costs about a third of that (every time field of an answer bean is one).
    private static final GregorianCalendar UTC_CALENDAR = new GregorianCalendar(UTC);

    private SoapTimes() {
    }

    /** The instant as a UTC calendar, for an xs:dateTime in an answer. */
    public static Calendar calendar(Instant instant) {
        Calendar c = (Calendar) UTC_CALENDAR.clone();
        c.setTimeInMillis(instant.toEpochMilli());
        return c;
    }

    /** The instant of an xs:dateTime in a request; null when the request left it out. */
    public static Instant instant(Calendar time) {
        return time == null ? null : time.toInstant();
    }
}
