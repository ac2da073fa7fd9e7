package org.crs.demo.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;

import org.crs.bar.server.BarServer;
import org.crs.demo.DemoAccounts;
import org.crs.demo.process.ProcessFederation;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.cli.CliSession;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.emulator.Inventory;
import org.crs.service.tls.TlsContexts;

/**
 * What a federation of processes holds, read the way an operator would: a reservation and its
 * history from its BAR over SOAP, segments from each L-NSAP and the NSAP over SOAP, and each
 * router's running configuration over SSH, straight to the emulator (not through the links
 * the services use).
 */
public final class Truth {

    /** The services that hold segments. */
    static final List<String> SEGMENT_HOLDERS = List.of("lnsap-site-a", "lnsap-site-b", ProcessFederation.NSAP);
    /** Segment states that hold resources: a segment in one needs a live reservation. */
    static final Set<SegmentState> LIVE_SEGMENT = EnumSet.of(SegmentState.HELD, SegmentState.COMMITTED,
            SegmentState.ACTIVATING, SegmentState.ACTIVE, SegmentState.DEACTIVATING, SegmentState.SUSPENDING);

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);
    private static final Pattern RETURN = Pattern.compile("(?s)<(?:\\w+:)?return(?: [^>]*)?>(.*?)</(?:\\w+:)?return>");
    private static final Pattern SEGMENTS = Pattern.compile("(?s)<(?:\\w+:)?segments(?: [^>]*)?>(.*?)</(?:\\w+:)?segments>");

    /** The BARs are asked as the demo's operator, who sees every reservation (the L-NSAPs and NSAP are asked by certificate alone). */
    private static final String OPERATOR = "Basic " + java.util.Base64.getEncoder().encodeToString(
            ("oscar:" + DemoAccounts.password("oscar")).getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private final ProcessFederation federation;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    /**
     * The L-NSAPs and the NSAP answer only their BARs' certificates, each BAR about its own
     * bookings: they are asked as each site's BAR in turn, site-a's first.
     */
    private final Map<String, HttpClient> asBar = new LinkedHashMap<>();

    public Truth(ProcessFederation federation) {
        this.federation = federation;
        for (String site : ProcessFederation.SITES) {
            SSLContext tls = federation.certificates().client("bar-" + site);
            asBar.put(site, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(3)).sslContext(tls).sslParameters(TlsContexts.parameters(tls)).build());
        }
    }

    // ---- SOAP ----

    /** Calls a SOAP operation (a TLS one as site-a's BAR); the answer's text, a fault's too. */
    String call(URI endpoint, String namespace, String operation, String body) throws IOException {
        return call(endpoint, namespace, operation, body, ProcessFederation.SITES.get(0));
    }

    /** Calls a SOAP operation, a TLS one as the BAR of {@code asSite}; the answer's text, a fault's too. */
    String call(URI endpoint, String namespace, String operation, String body, String asSite) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(CALL_TIMEOUT)
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:" + operation)
                .POST(HttpRequest.BodyPublishers.ofString("<?xml version='1.0' encoding='UTF-8'?>"
                        + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\""
                        + namespace + "\"><soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>"));
        boolean tls = "https".equals(endpoint.getScheme());
        if (!tls) {
            request.header("Authorization", OPERATOR);
        }
        HttpClient client = tls ? asBar.get(asSite) : http;
        try {
            try {
                return client.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
            } catch (IOException e) {
                if (!tls) {
                    throw e;
                }
                // A service the case restarted leaves the connection kept to it dead. What is asked of
                // the L-NSAPs and the NSAP here only reads: ask once more, on a new connection.
                return client.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted calling " + operation, e);
        }
    }

    public String bar(String site, String operation, String body) throws IOException {
        return call(federation.reservationUrl(site), BarServer.NAMESPACE, operation, body);
    }

    // ---- the reservation ----

    /** A reservation as its BAR tells it; {@code state} null when the BAR has no such reservation. */
    public record Reservation(String requestId, ReservationState state, String reason, Map<String, String> segmentStates,
                       Map<String, Integer> vlans, List<String> bookingIds, List<String> history, String answer) {

        boolean exists() {
            return state != null;
        }

        boolean isFinal() {
            return state != null && state.isFinal();
        }
    }

    public Reservation reservation(String site, String requestId) throws IOException {
        String answer = bar(site, "getReservation", "<n:getReservation><n:requestId>" + requestId
                + "</n:requestId></n:getReservation>");
        if (answer.contains("Fault>")) {
            if ("BAD_FIELD".equals(RawSoap.field(answer, "code")) && "requestId".equals(RawSoap.field(answer, "field"))) {
                return new Reservation(requestId, null, null, Map.of(), Map.of(), List.of(), List.of(), answer); // none
            }
            throw new IOException("getReservation " + requestId + " at " + site + ": " + answer);
        }
        Map<String, String> segmentStates = new LinkedHashMap<>();
        Map<String, Integer> vlans = new LinkedHashMap<>();
        List<String> bookingIds = new ArrayList<>();
        Matcher m = SEGMENTS.matcher(answer);
        while (m.find()) {
            String s = m.group(1);
            String role = RawSoap.field(s, "role");
            segmentStates.put(role, RawSoap.field(s, "state"));
            bookingIds.add(RawSoap.field(s, "bookingId"));
            vlans.put(role, Math.max(number(RawSoap.field(s, "sourceVlan")), number(RawSoap.field(s, "destinationVlan"))));
        }
        String own = SEGMENTS.matcher(answer).replaceAll("");
        List<String> history = new ArrayList<>();
        String h = bar(site, "getHistory", "<n:getHistory><n:requestId>" + requestId + "</n:requestId></n:getHistory>");
        Matcher r = RETURN.matcher(h);
        while (r.find()) {
            history.add(RawSoap.field(r.group(1), "fromState") + "->" + RawSoap.field(r.group(1), "toState")
                    + " (" + RawSoap.field(r.group(1), "actor") + ": " + RawSoap.field(r.group(1), "reason") + ")");
        }
        return new Reservation(requestId, ReservationState.valueOf(RawSoap.field(own, "state")),
                RawSoap.field(own, "reason"), segmentStates, vlans, bookingIds, history, answer);
    }

    private static int number(String s) {
        return s == null || s.isBlank() ? 0 : Integer.parseInt(s.trim());
    }

    // ---- segments ----

    /** A segment as an L-NSAP or the NSAP tells it. */
    record Segment(String holder, String bookingId, SegmentState state, List<String> routers) {

        /** The site whose BAR owns the booking ({@code site-a:R1:wan} is site-a's). */
        String site() {
            return bookingId.substring(0, bookingId.indexOf(':'));
        }

        /** The request id of the booking. */
        String requestId() {
            String[] parts = bookingId.split(":");
            return parts.length > 1 ? parts[1] : bookingId;
        }

        @Override
        public String toString() {
            return holder + " " + bookingId + " " + state;
        }
    }

    /** The segments a holder has in one state ({@code query} by state), every BAR's. */
    List<Segment> segments(String holder, SegmentState state) throws IOException {
        List<Segment> out = new ArrayList<>();
        for (String site : ProcessFederation.barSitesOf(holder)) {
            String answer = call(federation.nsapUrl(holder), NsapContract.NAMESPACE, "query",
                    "<n:query><n:state>" + state + "</n:state></n:query>", site);
            if (answer.contains("Fault>")) {
                throw new IOException("query " + state + " at " + holder + " as bar-" + site + ": " + answer);
            }
            Matcher m = RETURN.matcher(answer);
            while (m.find()) {
                out.add(segment(holder, m.group(1)));
            }
        }
        return out;
    }

    /** A segment by booking id ({@code status}, asked as the BAR that owns it); null when the holder has none. */
    Segment status(String holder, String bookingId) throws IOException {
        for (String site : ProcessFederation.barSitesOf(holder)) {
            String answer = call(federation.nsapUrl(holder), NsapContract.NAMESPACE, "status",
                    "<n:status><n:bookingId>" + bookingId + "</n:bookingId></n:status>", site);
            if (answer.contains("Fault>")) {
                continue; // none, or another BAR's
            }
            Matcher m = RETURN.matcher(answer);
            return m.find() ? segment(holder, m.group(1)) : null;
        }
        return null;
    }

    private static Segment segment(String holder, String xml) {
        List<String> routers = new ArrayList<>();
        Matcher r = Pattern.compile("<(?:\\w+:)?routers>([^<]*)</").matcher(xml);
        while (r.find()) {
            routers.add(r.group(1));
        }
        return new Segment(holder, RawSoap.field(xml, "bookingId"), SegmentState.valueOf(RawSoap.field(xml, "state")),
                routers);
    }

    /** Every segment holding resources at any holder. */
    List<Segment> liveSegments() throws IOException {
        List<Segment> out = new ArrayList<>();
        for (String holder : SEGMENT_HOLDERS) {
            for (SegmentState s : LIVE_SEGMENT) {
                out.addAll(segments(holder, s));
            }
        }
        return out;
    }

    /**
     * The segments of one request at every holder, whatever their state ({@code status} of each
     * booking id): the ids its reservation names (a retried negotiation books under new ids) and
     * the first attempt's ids, which exist even when the BAR has no reservation.
     */
    List<Segment> segmentsOf(String site, String requestId, Reservation r) throws IOException {
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put(site + ":" + requestId + ":campus", "lnsap-" + site);
        ids.put(site + ":" + requestId + ":wan", ProcessFederation.NSAP);
        for (String other : ProcessFederation.SITES) {
            if (!other.equals(site)) {
                ids.put(site + ":" + requestId + ":remote", "lnsap-" + other);
            }
        }
        if (r != null) {
            for (String id : r.bookingIds()) {
                if (id == null || id.split(":").length < 3) {
                    continue;
                }
                String part = id.split(":")[2];
                ids.putIfAbsent(id, ids.get(site + ":" + requestId + ":" + part));
            }
        }
        List<Segment> out = new ArrayList<>();
        for (Map.Entry<String, String> e : ids.entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            Segment s = status(e.getValue(), e.getKey());
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    // ---- routers ----

    /** Each router's {@code show running-config}, over SSH to the emulator. */
    public Map<String, String> routerConfigs() throws DriverException {
        Map<String, String> out = new LinkedHashMap<>();
        Inventory inventory = federation.inventory();
        for (String name : ProcessFederation.ROUTERS) {
            Inventory.Credentials c = inventory.credentialsOf(inventory.router(name));
            RouterEndpoint endpoint = new RouterEndpoint(name, "127.0.0.1", federation.sshPort(name), 0, c.username(),
                    c.password(), c.enableSecret(), null);
            try (CliSession session = CliSession.open(endpoint, CliTimeouts.DEFAULTS, DeviceLog.NONE)) {
                out.put(name, session.show("show running-config"));
            }
        }
        return out;
    }
}
