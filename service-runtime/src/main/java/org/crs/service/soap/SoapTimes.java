package org.crs.service.soap;

import java.time.Instant;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;

/** Times at the SOAP boundary: xs:dateTime travels as a {@link Calendar}; inside, it is an {@link Instant}. */
public final class SoapTimes {

    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private SoapTimes() {
    }

    /** The instant as a UTC calendar, for an xs:dateTime in an answer. */
    public static Calendar calendar(Instant instant) {
        GregorianCalendar c = new GregorianCalendar(UTC);
        c.setTimeInMillis(instant.toEpochMilli());
        return c;
    }
}
