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
public final class ICalendar {

    static final String FILE_NAME = "reservation.ics";

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final int MAX_OCTETS = 75;

    private ICalendar() {
    }

    /** The event of a reservation's interval, stamped {@code now}. */
    public static String event(Reservation r, String sender, String description, Instant now) {
        StringBuilder out = new StringBuilder();
        begin(out, "BAR notifications");
        vevent(out, r, sender, description, now);
        line(out, "END:VCALENDAR");
        return out.toString();
    }

    /** A calendar of several reservations (a personal feed), each its own event as {@link #event} makes it. */
    public static String calendar(String name, java.util.List<Reservation> reservations, String sender, Instant now) {
        StringBuilder out = new StringBuilder();
        begin(out, "BAR calendar feed");
        line(out, "X-WR-CALNAME:" + text(name));
        for (Reservation r : reservations) {
            vevent(out, r, sender, r.state() + (r.request().description().isBlank() ? "" : ": "
                    + r.request().description()), now);
        }
        line(out, "END:VCALENDAR");
        return out.toString();
    }

    private static void begin(StringBuilder out, String product) {
        line(out, "BEGIN:VCALENDAR");
        line(out, "VERSION:2.0");
        line(out, "PRODID:-//CRS//" + product + "//EN");
        line(out, "METHOD:PUBLISH");
    }

    private static void vevent(StringBuilder out, Reservation r, String sender, String description, Instant now) {
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
