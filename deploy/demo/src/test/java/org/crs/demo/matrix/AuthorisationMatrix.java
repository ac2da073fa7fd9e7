package org.crs.demo.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The authorisation matrix as written by hand in {@code authorisation-matrix.md} (a test
 * resource): for every operation of every port type a service serves, and every route of the
 * BAR's JSON API, what every kind of caller gets. Read as it stands; nothing in it is computed
 * from the code.
 */
public final class AuthorisationMatrix {

    /** The resource the matrix is written in. */
    public static final String RESOURCE = "/authorisation-matrix.md";

    /** The callers: one column each, in the file's order. */
    public enum Role {
        ANONYMOUS("anonymous"),
        USER("user"),
        OTHER_USER("other user"),
        MEMBER("member"),
        OPERATOR("operator"),
        ADMIN("admin"),
        PEER_BAR("peer BAR"),
        OTHER_PEER_BAR("other peer BAR"),
        CONTROLLER("controller"),
        SERVED_BAR("served BAR"),
        OTHER_SERVED_BAR("other served BAR"),
        NSI_PROVIDER("NSI provider"),
        OTHER_NSI_PROVIDER("other NSI provider"),
        STRANGER("stranger"),
        FOREIGN_CERTIFICATE("foreign certificate");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        /** The column's heading. */
        public String label() {
            return label;
        }

        static Role of(String label) {
            return Arrays.stream(values()).filter(r -> r.label.equals(label)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no caller called '" + label + "'"));
        }
    }

    /**
     * An answer, as the matrix writes it. The last three are never written in a cell: they are
     * what a call may observe that no cell expects.
     */
    public enum Answer {
        OK("ok"),
        UNAUTHORISED("401"),
        NOT_ALLOWED("NOT_ALLOWED"),
        NOT_ALLOWED_REQUEST_ID("NOT_ALLOWED requestId"),
        NOT_ALLOWED_BOOKING_ID("NOT_ALLOWED bookingId"),
        NOT_ALLOWED_PROVIDER_NSA("NOT_ALLOWED providerNSA"),
        FORBIDDEN("403"),
        NOT_FOUND("404"),
        HANDSHAKE("handshake"),
        NO_SUCH_CALLER("—"),
        THROTTLED("429"),
        SERVER_ERROR("5xx"),
        OTHER_REFUSAL("another refusal");

        private final String text;

        Answer(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        static Answer of(String text) {
            return Arrays.stream(values()).filter(a -> a.text.equals(text)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no answer written '" + text + "'"));
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * Where a section's operations are served: {@code ReservationService at bar-site-a},
     * {@code NsapService at nsap}, {@code JSON API at bar-site-a}.
     */
    public record Section(String portType, String service) {
        /** Whether it is the BAR's JSON API rather than a SOAP port type. */
        public boolean json() {
            return portType.equals("JSON API");
        }

        @Override
        public String toString() {
            return portType + " at " + service;
        }
    }

    /** One row: an operation of a section, and what each caller gets from it. */
    public record Row(Section section, String operation, Map<Role, Answer> answers) {
        @Override
        public String toString() {
            return section + ": " + operation;
        }

        /** A JSON row's method and path ({@code GET /api/reservations/{requestId}}). */
        public String route() {
            return operation.substring(0, operation.indexOf(" ("));
        }

        /** A JSON row's access table row ({@code ReservationService.getReservation}), or {@code anyone}. */
        public String access() {
            return operation.substring(operation.indexOf(" (") + 2, operation.length() - 1);
        }
    }

    private final List<Row> rows;

    private AuthorisationMatrix(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    /** The matrix in {@link #RESOURCE}. */
    public static AuthorisationMatrix load() throws IOException {
        try (InputStream in = AuthorisationMatrix.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is not on the class path");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * Reads the tables under each {@code ## <port type> at <service>} heading: a heading row
     * naming the callers, a separator, then one row per operation.
     */
    static AuthorisationMatrix parse(String text) {
        List<Row> rows = new ArrayList<>();
        Section section = null;
        List<Role> columns = List.of();
        for (String line : text.split("\n")) {
            if (line.startsWith("## ")) {
                int at = line.indexOf(" at ");
                section = at < 0 ? null : new Section(line.substring(3, at).trim(), line.substring(at + 4).trim());
                columns = List.of();
                continue;
            }
            if (section == null || !line.startsWith("|")) {
                continue;
            }
            List<String> cells = cells(line);
            if (cells.get(0).equals("Operation")) {
                columns = cells.subList(1, cells.size()).stream().map(Role::of).toList();
            } else if (!cells.get(0).startsWith("---")) {
                if (cells.size() != columns.size() + 1) {
                    throw new IllegalArgumentException(section + ": " + cells.get(0) + " has " + (cells.size() - 1)
                            + " cells for " + columns.size() + " callers");
                }
                Map<Role, Answer> answers = new LinkedHashMap<>();
                for (int i = 0; i < columns.size(); i++) {
                    answers.put(columns.get(i), Answer.of(cells.get(i + 1)));
                }
                rows.add(new Row(section, cells.get(0), answers));
            }
        }
        return new AuthorisationMatrix(rows);
    }

    private static List<String> cells(String line) {
        String inner = line.trim();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        return Arrays.stream(inner.split("\\|", -1)).map(String::trim).toList();
    }

    /** Every row, in the file's order. */
    public List<Row> rows() {
        return rows;
    }
}
