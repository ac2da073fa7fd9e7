package org.crs.bar.notify;

import org.crs.domain.text.JsonText;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.port.NotificationStore.Pending;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;

/**
 * What an event says: a mail from its template, a webhook's JSON. Pure text, no I/O.
 *
 * <p>A template's first line is {@code Subject: ...}, then an empty line, then the body. These
 * placeholders are filled in: {@code {requestId} {event} {state} {start} {end} {source}
 * {destination} {bandwidth} {description} {reason} {link} {owner}}; times are UTC, ISO-8601.
 * Any other {@code {word}} is left as it is.
 */
final class Messages {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z]+)}");
    private static final String SUBJECT = "Subject:";

    private Messages() {
    }

    /** A mail's subject and body. */
    record Mail(String subject, String body) {
    }

    /** The values of a template's placeholders for an event of a reservation. */
    static Map<String, String> values(Pending event, Reservation r, String bookingLink) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("requestId", r.requestId());
        v.put("event", event.event().name());
        v.put("state", event.state().name());
        v.put("start", r.request().interval().start().toString());
        v.put("end", r.request().interval().end().toString());
        v.put("source", r.request().source().toString());
        v.put("destination", r.request().destination().toString());
        v.put("bandwidth", Long.toString(r.request().bandwidthMbps()));
        v.put("description", r.request().description() == null ? "" : r.request().description());
        v.put("reason", event.reason());
        v.put("link", link(bookingLink, r.requestId()));
        v.put("owner", r.owner());
        return v;
    }

    /** The booking's link: the configured one with the request id in it, or empty. */
    static String link(String bookingLink, String requestId) {
        return bookingLink.replace("{requestId}", percentEncoded(requestId));
    }

    /** A path segment: unreserved characters (RFC 3986) as they are, every other octet %XX. */
    static String percentEncoded(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return out.toString();
    }

    /**
     * A template filled in.
     *
     * @throws IllegalArgumentException when the template has no {@code Subject:} first line
     */
    static Mail mail(String template, Map<String, String> values) {
        String text = template.replace("\r\n", "\n");
        int end = text.indexOf('\n');
        String first = end < 0 ? text : text.substring(0, end);
        if (!first.startsWith(SUBJECT)) {
            throw new IllegalArgumentException("a mail template starts with a line \"Subject: ...\"");
        }
        String body = end < 0 ? "" : text.substring(end + 1);
        if (body.startsWith("\n")) {
            body = body.substring(1);
        }
        // a subject is one line, whatever a value holds
        String subject = fill(first.substring(SUBJECT.length()).trim(), values).replaceAll("[\\r\\n]+", " ");
        return new Mail(subject, fill(body, values));
    }

    static String fill(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A webhook's body: one JSON object, its keys always in this order. */
    static String json(Pending event, Reservation r, String deliveryId) {
        StringBuilder out = new StringBuilder("{");
        field(out, "event", event.event().name()).append(',');
        field(out, "requestId", r.requestId()).append(',');
        field(out, "state", event.state().name()).append(',');
        field(out, "start", r.request().interval().start().toString()).append(',');
        field(out, "end", r.request().interval().end().toString()).append(',');
        field(out, "source", r.request().source().toString()).append(',');
        field(out, "destination", r.request().destination().toString()).append(',');
        out.append("\"bandwidthMbps\":").append(r.request().bandwidthMbps()).append(',');
        field(out, "reason", event.reason()).append(',');
        field(out, "occurredAt", event.occurredAt().toString()).append(',');
        field(out, "deliveryId", deliveryId);
        return out.append('}').toString();
    }

    private static StringBuilder field(StringBuilder out, String name, String value) {
        return JsonText.quote(out, name).append(':').append(value == null ? "null" : JsonText.quote(new StringBuilder(), value));
    }

    /** The iCalendar description of a booked circuit. */
    static String calendarDescription(Reservation r, String link) {
        return "CRS reservation " + r.requestId() + (link.isEmpty() ? "" : "\n" + link);
    }

    static boolean carriesCalendar(NotificationEvent e) {
        return e == NotificationEvent.RESERVED || e == NotificationEvent.APPROVED || e == NotificationEvent.MOVED_BY_MAINTENANCE;
    }
}
