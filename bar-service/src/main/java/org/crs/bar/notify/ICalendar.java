package org.crs.bar.notify;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import org.crs.bar.reservation.Reservation;

/**
 * A booked circuit's time as an iCalendar event (RFC 5545), the attachment of a RESERVED or
 * APPROVED mail: one VEVENT whose UID is the request id at the BAR, so a calendar that imports
 * a second one (after a move) updates the first: its SEQUENCE, the minutes since the booking was
 * made, grows with each. Times are UTC ({@code ...Z}); lines end in CRLF and are folded at 75
 * octets, as the RFC asks.
 */
final class ICalendar {

    static final String FILE_NAME = "reservation.ics";

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final int MAX_OCTETS = 75;

    private ICalendar() {
    }

    /** The event of a reservation's interval, stamped {@code now}. */
    static String event(Reservation r, String sender, String description, Instant now) {
        StringBuilder out = new StringBuilder();
        line(out, "BEGIN:VCALENDAR");
        line(out, "VERSION:2.0");
        line(out, "PRODID:-//CRS//BAR notifications//EN");
        line(out, "METHOD:PUBLISH");
        line(out, "BEGIN:VEVENT");
        line(out, "UID:" + text(r.requestId() + "@" + sender));
        line(out, "DTSTAMP:" + UTC.format(now));
        line(out, "SEQUENCE:" + Math.max(0, Duration.between(r.createdAt(), now).toMinutes()));
        line(out, "DTSTART:" + UTC.format(r.request().interval().start()));
        line(out, "DTEND:" + UTC.format(r.request().interval().end()));
        line(out, "SUMMARY:" + text("Circuit " + r.request().source() + " -> " + r.request().destination() + ", "
                + r.request().bandwidthMbps() + " Mbit/s"));
        line(out, "DESCRIPTION:" + text(description));
        line(out, "END:VEVENT");
        line(out, "END:VCALENDAR");
        return out.toString();
    }

    /** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
    static String text(String s) {
        return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n")
                .replace("\n", "\\n").replace("\r", "\\n");
    }

    /** Appends a content line folded at 75 octets (never inside a UTF-8 character), ending in CRLF. */
    static void line(StringBuilder out, String content) {
        int octets = 0;
        int limit = MAX_OCTETS;
        for (int i = 0; i < content.length(); ) {
            int cp = content.codePointAt(i);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (octets + size > limit) {
                out.append("\r\n ");
                octets = 0;
                limit = MAX_OCTETS - 1; // the leading space of a continuation counts
            }
            out.appendCodePoint(cp);
            octets += size;
            i += Character.charCount(cp);
        }
        out.append("\r\n");
    }
}
