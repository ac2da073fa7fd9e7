package org.crs.demo.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.crs.bar.server.BarServer;
import org.crs.demo.DemoAccounts;
import org.crs.demo.DemoCertificates;
import org.crs.demo.Federation;
import org.crs.demo.matrix.AuthorisationMatrix.Answer;
import org.crs.demo.matrix.AuthorisationMatrix.Role;
import org.crs.demo.matrix.AuthorisationMatrix.Row;
import org.crs.demo.matrix.AuthorisationMatrix.Section;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

/**
 * Calls the cells of the {@link AuthorisationMatrix} against a running {@link Federation} and
 * says what each answered, in the matrix's words. It books the reservation the calls name
 * (alice's, site-a to site-b, so with a booking at site-a's L-NSAP and one at the NSAP) and
 * holds one HTTP client per caller.
 *
 * <p>A call that names a reservation names alice's; one that names a booking names, at an
 * L-NSAP or the NSAP, alice's booking there, and at site-a's PeerService a booking of site-b for
 * the peer and alice's campus booking for the other peer. Every other request is empty: the
 * access table decides before a request is read, so the answer is the table's or the
 * operation's refusal of the empty content.
 *
 * <p>The calls are made for real: in the course of a walk alice's reservation is modified,
 * cancelled and terminated, and its bookings aborted. Later calls find it in another state,
 * which changes how they refuse its content, never who may call.
 */
public final class MatrixWalk {

    private static final String REASON = "authorisation matrix";
    private static final Pattern OPERATION = Pattern.compile("<wsdl:operation name=\"([A-Za-z]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The NSI ports of the BAR, by their port type: where they are served. */
    private static final Map<String, String> NSI_PATHS = Map.of(MatrixNsi.PORT_TYPE, MatrixNsi.PATH,
            MatrixNsiRequester.PORT_TYPE, MatrixNsiRequester.PATH);

    /** How one caller calls: over which client, with which Authorization header, on which port. */
    private record Credentials(HttpClient http, String authorization, boolean certificate) {
    }

    /** What a call answered: the matrix's word for it, and the evidence (status and body). */
    public record Observed(Answer answer, String evidence) {
    }

    /** A cell whose call answered other than the matrix says. */
    public record Mismatch(Row row, Role role, Answer expected, Observed observed) {
        /** The cell, as {@code <section>: <operation> as <caller>}. */
        public String cell() {
            return row + " as " + role.label();
        }

        @Override
        public String toString() {
            String evidence = observed.evidence();
            return cell() + ": the matrix says " + expected + ", the service answered " + observed.answer() + " ("
                    + (evidence.length() > 400 ? evidence.substring(0, 400) + "..." : evidence) + ")";
        }
    }

    private final Federation federation;
    private final Map<Role, Credentials> callers = new EnumMap<>(Role.class);
    private final Map<String, String> barNamespaces = new LinkedHashMap<>();
    private final String requestId;
    private final Instant start;
    private final String campusBooking;
    private final String wanBooking;
    /** The NSI provider port's calls, when site-a's BAR serves it. */
    private MatrixNsi nsi;
    /** Whether site-a's BAR serves the NSI requester port (it is the requester of {@link MatrixNsiRequester#requester}). */
    private boolean nsiRequester;

    private MatrixWalk(Federation federation, String requestId, Instant start, String campusBooking,
                       String wanBooking) {
        this.federation = federation;
        this.requestId = requestId;
        this.start = start;
        this.campusBooking = campusBooking;
        this.wanBooking = wanBooking;
    }

    /** Books alice's reservation at site-a's BAR and makes the callers' clients. */
    public static MatrixWalk start(Federation federation) throws Exception {
        String id = "matrix-" + System.nanoTime();
        Instant start = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.HOURS);
        RawSoap alice = new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE)
                .as("alice", DemoAccounts.password("alice"));
        String booked = alice.call("createReservation", prefixed("<createReservation><requestId>" + id + "</requestId>"
                + "<source>site-a:host-a1</source><destination>site-b:host-b1</destination>"
                + "<bandwidthMbps>100</bandwidthMbps><start>" + start + "</start><end>" + start.plus(Duration.ofHours(1))
                + "</end><description>" + REASON + "</description><holdOnly>false</holdOnly></createReservation>"));
        if (!"RESERVED".equals(reservationState(booked))) {
            throw new IllegalStateException("alice's reservation was not booked: " + booked);
        }
        MatrixWalk walk = new MatrixWalk(federation, id, start, booking(booked, "lnsap-site-a"), booking(booked, "nsap"));
        walk.makeCallers();
        URI nsiPort = federation.bar("site-a").serviceUrl().resolve(MatrixNsi.PATH);
        if (MatrixNsi.served(walk.callers.get(Role.ANONYMOUS).http(), nsiPort)) {
            walk.nsi = MatrixNsi.start(walk.callers.get(Role.ANONYMOUS).http(), basic("alice"),
                    nsiPort);
        }
        walk.nsiRequester = MatrixNsiRequester.served(walk.callers.get(Role.ANONYMOUS).http(),
                federation.bar("site-a").serviceUrl().resolve(MatrixNsiRequester.PATH));
        return walk;
    }

    /** A reservation's state: the answer's last {@code state}, after those of its segments. */
    private static String reservationState(String reservation) {
        Matcher states = Pattern.compile("<(?:\\w+:)?state>([^<]*)</").matcher(reservation);
        String last = null;
        while (states.find()) {
            last = states.group(1);
        }
        return last;
    }

    /** The booking id of the answer's segment booked with {@code controller}. */
    private static String booking(String reservation, String controller) {
        Matcher segments = Pattern.compile("<(?:\\w+:)?segments[^>]*>(.*?)</(?:\\w+:)?segments>", Pattern.DOTALL)
                .matcher(reservation);
        while (segments.find()) {
            if (controller.equals(RawSoap.field(segments.group(1), "controller"))) {
                return RawSoap.field(segments.group(1), "bookingId");
            }
        }
        throw new IllegalStateException("no segment booked with " + controller + ": " + reservation);
    }

    private void makeCallers() throws Exception {
        HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        callers.put(Role.ANONYMOUS, new Credentials(plain, null, false));
        callers.put(Role.USER, new Credentials(plain, basic("alice"), false));
        callers.put(Role.OTHER_USER, new Credentials(plain, basic("bob"), false));
        callers.put(Role.MEMBER, new Credentials(plain, basic("carol"), false));
        callers.put(Role.OPERATOR, new Credentials(plain, basic("oscar"), false));
        callers.put(Role.ADMIN, new Credentials(plain, basic("ada"), false));
        callers.put(Role.PEER_BAR, new Credentials(tls("bar-site-b"), null, true));
        callers.put(Role.OTHER_PEER_BAR, new Credentials(tls("bar-site-b"), null, true));
        callers.put(Role.CONTROLLER, new Credentials(tls("lnsap-site-a"), null, true));
        callers.put(Role.SERVED_BAR, new Credentials(tls("bar-site-a"), null, true));
        callers.put(Role.OTHER_SERVED_BAR, new Credentials(tls("bar-site-b"), null, true));
        Path providers = Files.createTempDirectory("crs-matrix-providers");
        callers.put(Role.NSI_PROVIDER, new Credentials(MatrixNsiRequester.client(federation.certificates(),
                MatrixNsiRequester.DOMAIN_C_SUBJECT, providers), null, true));
        callers.put(Role.OTHER_NSI_PROVIDER, new Credentials(MatrixNsiRequester.client(federation.certificates(),
                MatrixNsiRequester.DOMAIN_D_SUBJECT, providers), null, true));
        callers.put(Role.STRANGER, new Credentials(tls("lnsap-site-b"), null, true));
        callers.put(Role.FOREIGN_CERTIFICATE, new Credentials(foreign(), null, true));
        // The port types the BAR serves, as BarServer names them: X_SERVICE_NAME beside X_NAMESPACE.
        for (Field f : BarServer.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("SERVICE_NAME")) {
                String prefix = f.getName().substring(0, f.getName().length() - "SERVICE_NAME".length());
                barNamespaces.put((String) f.get(null), (String) BarServer.class.getField(prefix + "NAMESPACE").get(null));
            }
        }
    }

    private static String basic(String account) {
        return "Basic " + Base64.getEncoder().encodeToString((account + ":" + DemoAccounts.password(account))
                .getBytes(StandardCharsets.UTF_8));
    }

    private HttpClient tls(String service) {
        SSLContext context = federation.certificates().client(service);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(TlsContexts.parameters(context)).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /**
     * A client presenting a certificate of another authority that bears the demo's names: an
     * authority called as the demo's, and site-b's BAR's subject. It trusts the demo's authority.
     */
    private HttpClient foreign() throws IOException {
        Path folder = Files.createTempDirectory("crs-matrix-foreign");
        CertificateAuthority impostor = CertificateAuthority.create(DemoCertificates.CA_SUBJECT);
        impostor.issue(federation.certificates().subject("bar-site-b").getName(), folder.resolve("bar.p12"), "foreign");
        SSLContext context = TlsContexts.client(new TlsSettings(folder.resolve("bar.p12"), "foreign",
                federation.certificates().trustStore(), DemoCertificates.PASSWORD, ClientAuth.NONE));
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(TlsContexts.parameters(context)).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** A client that trusts the demo's authority and has no certificate of its own. */
    private HttpClient withoutCertificate() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(federation.certificates().trustStore())) {
            trust.load(in, DemoCertificates.PASSWORD.toCharArray());
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context).build();
    }

    // ---- what the services serve ----

    /** The SOAP port types each service serves (the BAR's, site-a's L-NSAP's, the NSAP's) and the JSON API. */
    public Set<Section> servedSections() {
        Set<Section> out = new LinkedHashSet<>();
        barNamespaces.keySet().forEach(name -> out.add(new Section(name, "bar-site-a")));
        out.add(new Section(NsapContract.SERVICE_NAME, "lnsap-site-a"));
        out.add(new Section(NsapContract.SERVICE_NAME, "nsap"));
        out.add(new Section("JSON API", "bar-site-a"));
        if (nsi != null) {
            out.add(new Section(MatrixNsi.PORT_TYPE, "bar-site-a"));
        }
        if (nsiRequester) {
            out.add(new Section(MatrixNsiRequester.PORT_TYPE, "bar-site-a"));
        }
        return out;
    }

    /**
     * The operations a section serves: a port type's, read from its served WSDL; the JSON API's
     * as {@code METHOD path (access)}, read from its served OpenAPI document.
     */
    public Set<String> servedOperations(Section section) throws Exception {
        Set<String> names = new TreeSet<>();
        if (section.json()) {
            String doc = callers.get(Role.ANONYMOUS).http().send(HttpRequest.newBuilder(URI.create(
                    federation.bar("site-a").apiUrl() + "/openapi.json")).build(), HttpResponse.BodyHandlers.ofString()).body();
            JSON.readTree(doc).get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m ->
                    names.add(m.getKey().toUpperCase(Locale.ROOT) + " " + p.getKey() + " ("
                            + m.getValue().get("x-crs-access").asText() + ")")));
            return names;
        }
        if (section.portType().equals(MatrixNsiRequester.PORT_TYPE)) {
            return MatrixNsiRequester.operations();
        }
        if (section.portType().equals(MatrixNsi.PORT_TYPE)) {
            return MatrixNsi.operations(callers.get(Role.ANONYMOUS).http(), endpoint(section, callers.get(Role.ANONYMOUS)));
        }
        Credentials reader = section.service().equals("bar-site-a") ? callers.get(Role.ANONYMOUS) : callers.get(Role.SERVED_BAR);
        URI endpoint = endpoint(section, reader);
        String wsdl = reader.http().send(HttpRequest.newBuilder(URI.create(endpoint + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String portType = wsdl.substring(wsdl.indexOf("<wsdl:portType"), wsdl.indexOf("</wsdl:portType>"));
        Matcher m = OPERATION.matcher(portType);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private URI endpoint(Section section, Credentials caller) {
        switch (section.service()) {
            case "lnsap-site-a":
                return federation.lnsap("site-a").serviceUrl();
            case "nsap":
                return federation.nsap().serviceUrl();
            case "bar-site-a":
                BarServer bar = federation.bar("site-a");
                String nsiPath = NSI_PATHS.get(section.portType());
                if (nsiPath != null) {
                    return caller.certificate() ? bar.tlsPeerUrl().orElseThrow().resolve(nsiPath)
                            : bar.serviceUrl().resolve(nsiPath);
                }
                if (section.json()) {
                    return caller.certificate() ? bar.tlsPeerUrl().orElseThrow().resolve("/") : bar.apiUrl().resolve("/");
                }
                return caller.certificate()
                        ? URI.create(bar.tlsPeerUrl().orElseThrow().toString().replace(BarServer.PEER_SERVICE_NAME,
                                section.portType()))
                        : URI.create(bar.serviceUrl().toString().replace(BarServer.SERVICE_NAME, section.portType()));
            default:
                throw new IllegalArgumentException("no service " + section.service() + " in the federation");
        }
    }

    // ---- calling a cell ----

    /**
     * Calls {@code row} as each of {@code roles} that is a column of its section; the cells that
     * answered other than the matrix says.
     */
    public List<Mismatch> differences(Row row, Collection<Role> roles) throws Exception {
        List<Mismatch> out = new ArrayList<>();
        for (Role role : roles) {
            if (!row.answers().containsKey(role)) {
                continue; // a caller of another port only (an NSI provider), not written in this section
            }
            Answer expected = row.answers().get(role);
            Observed observed = call(row, role);
            if (observed.answer() != expected) {
                out.add(new Mismatch(row, role, expected, observed));
            }
        }
        return out;
    }

    /** Calls {@code row}'s operation as {@code role} and says what it answered. */
    public Observed call(Row row, Role role) throws Exception {
        if (row.answers().get(role) == Answer.NO_SUCH_CALLER) {
            return new Observed(Answer.NO_SUCH_CALLER, "not called");
        }
        Credentials caller = callers.get(role);
        boolean provider = !row.section().service().startsWith("bar-");
        if (provider && !caller.certificate()) {
            caller = new Credentials(withoutCertificate(), caller.authorization(), false);
        }
        try {
            if (row.section().portType().equals(MatrixNsiRequester.PORT_TYPE)) {
                return MatrixNsiRequester.call(row.operation(), caller.http(), caller.authorization(),
                        endpoint(row.section(), caller));
            }
            if (row.section().portType().equals(MatrixNsi.PORT_TYPE)) {
                return nsi.call(row.operation(), role, caller.http(), caller.authorization(),
                        endpoint(row.section(), caller));
            }
            return row.section().json() ? callJson(row, role, caller) : callSoap(row, role, caller, provider);
        } catch (IOException e) {
            return new Observed(Answer.HANDSHAKE, e.toString());
        }
    }

    private Observed callSoap(Row row, Role role, Credentials caller, boolean provider) throws Exception {
        Section section = row.section();
        String namespace = provider ? NsapContract.NAMESPACE : barNamespaces.get(section.portType());
        if (namespace == null) {
            throw new IllegalStateException("site-a's BAR serves no port type " + section.portType());
        }
        String operation = row.operation();
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint(section, caller)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:" + operation)
                .POST(HttpRequest.BodyPublishers.ofString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                        + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\""
                        + namespace + "\"><soapenv:Body>" + prefixed("<" + operation + ">" + arguments(row, role)
                        + "</" + operation + ">") + "</soapenv:Body></soapenv:Envelope>"));
        if (caller.authorization() != null) {
            request.header("Authorization", caller.authorization());
        }
        HttpResponse<String> answer = caller.http().send(request.build(), HttpResponse.BodyHandlers.ofString());
        String evidence = answer.statusCode() + " " + answer.body();
        if (answer.statusCode() == 401) {
            return new Observed(Answer.UNAUTHORISED, evidence);
        }
        if (answer.statusCode() == 429) {
            return new Observed(Answer.THROTTLED, evidence);
        }
        String code = MalformedRequests.text(answer.body(), "code");
        if ("NOT_ALLOWED".equals(code)) {
            String field = RawSoap.field(answer.body(), "field");
            return new Observed(field == null || field.isEmpty() ? Answer.NOT_ALLOWED
                    : field.equals("requestId") ? Answer.NOT_ALLOWED_REQUEST_ID
                    : field.equals("bookingId") ? Answer.NOT_ALLOWED_BOOKING_ID : Answer.OTHER_REFUSAL, evidence);
        }
        if ("NOT_SIGNED_IN".equals(code)) {
            return new Observed(Answer.OTHER_REFUSAL, evidence);
        }
        if (answer.statusCode() >= 500 && !MalformedRequests.CLIENT.equals(MalformedRequests.faultCode(answer.body()))) {
            return new Observed(Answer.SERVER_ERROR, evidence);
        }
        return new Observed(Answer.OK, evidence);
    }

    private Observed callJson(Row row, Role role, Credentials caller) throws Exception {
        String route = row.route();
        String method = route.substring(0, route.indexOf(' '));
        String template = route.substring(route.indexOf(' ') + 1);
        String path = template.replace("{requestId}", requestId).replace("{name}", "matrix-none")
                .replace("{scope}", "WAN").replace("{id}", "0");
        if (template.contains("{token}")) {
            path = path.replace("{token}", aliceFeedToken());
        }
        // a change of alice's reservation that would be made, so that refusing it is about whose it is
        String body = method.equals("PATCH") ? "{\"end\":\"" + start.plus(Duration.ofMinutes(90)) + "\"}" : "{}";
        boolean bodyless = method.equals("GET") || method.equals("DELETE");
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint(row.section(), caller).resolve(path.substring(1)))
                .timeout(Duration.ofSeconds(30))
                .method(method, bodyless ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (caller.authorization() != null) {
            request.header("Authorization", caller.authorization());
        }
        HttpResponse<InputStream> response = caller.http().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        String answer;
        try (InputStream in = response.body()) {
            // an event stream answers at once and stays open: its status is enough
            boolean stream = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
            answer = stream ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int status = response.statusCode();
        String evidence = status + " " + answer;
        String code = "";
        if (answer.startsWith("{")) {
            JsonNode error = JSON.readTree(answer).path("error");
            code = error.path("code").asText("");
        }
        if (status == 401) {
            return new Observed(code.equals("NOT_SIGNED_IN") ? Answer.UNAUTHORISED : Answer.OTHER_REFUSAL, evidence);
        }
        if (status == 403) {
            return new Observed(code.equals("NOT_ALLOWED") ? Answer.FORBIDDEN : Answer.OTHER_REFUSAL, evidence);
        }
        if (status == 404 && template.contains("{requestId}")) {
            return new Observed(code.equals("NOT_FOUND") ? Answer.NOT_FOUND : Answer.OTHER_REFUSAL, evidence);
        }
        if (status == 429) {
            return new Observed(Answer.THROTTLED, evidence);
        }
        if (status >= 500) {
            return new Observed(Answer.SERVER_ERROR, evidence);
        }
        return new Observed(Answer.OK, evidence);
    }

    /**
     * A valid token of alice's calendar feed, made anew: the feed's URL carries it, and it is the
     * feed's only credential (another caller's rows renew and revoke alice's feed too).
     */
    private String aliceFeedToken() throws Exception {
        HttpResponse<String> renewed = callers.get(Role.ANONYMOUS).http().send(HttpRequest.newBuilder(URI.create(
                federation.bar("site-a").apiUrl() + "/me/calendar-feed")).header("Authorization", basic("alice"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        String url = JSON.readTree(renewed.body()).path("url").asText();
        if (renewed.statusCode() != 201 || !url.contains("/api/calendar/")) {
            throw new IllegalStateException("alice's calendar feed was not renewed: " + renewed.statusCode() + " "
                    + renewed.body());
        }
        return url.substring(url.indexOf("/api/calendar/") + "/api/calendar/".length(), url.length() - ".ics".length());
    }

    /**
     * The request's elements (without the namespace prefix): the reservation or booking it names,
     * with whatever else the operation needs to get past its shape check; nothing for an
     * operation that names neither.
     */
    private String arguments(Row row, Role role) {
        Instant end = start.plus(Duration.ofHours(1));
        String r = "<requestId>" + requestId + "</requestId>";
        String b = "<bookingId>" + bookingFor(row.section(), role) + "</bookingId>";
        // at the NSAP, between the sites it knows, so that only the booking's owner is in question
        boolean wan = row.section().service().equals("nsap");
        String segment = "<request><bandwidthMbps>100</bandwidthMbps>" + b + "<destination>"
                + (wan ? "site-b" : "matrix-none") + "</destination><end>" + end + "</end><source>"
                + (wan ? "site-a" : "matrix-none") + "</source><start>" + start + "</start></request>";
        String reason = "<reason>" + REASON + "</reason>";
        String window = "<from>" + start + "</from><to>" + end + "</to>";
        boolean bookings = row.section().portType().equals(BarServer.PEER_SERVICE_NAME)
                || row.section().portType().equals(NsapContract.SERVICE_NAME);
        if (bookings) {
            return switch (row.operation()) {
                case "segmentWanted", "commit", "activate", "deactivate", "suspend", "status", "commitModify", "abortModify" -> b;
                case "abort" -> b + reason;
                case "modify" -> b + "<end>" + end.plus(Duration.ofMinutes(30)) + "</end><bandwidthMbps>100</bandwidthMbps>"
                        + "<holdSeconds>30</holdSeconds>";
                case "utilisation" -> b + window;
                case "deviceLog" -> b + "<limit>10</limit>";
                case "hold" -> segment + "<holdSeconds>30</holdSeconds>";
                case "holdAndCommit", "check" -> segment;
                default -> "";
            };
        }
        return switch (row.operation()) {
            case "commitReservation", "getReservation", "getHistory", "provisionReservation", "releaseReservation" -> r;
            case "abortReservation", "cancelReservation", "approveReservation", "rejectReservation", "terminateReservation",
                 "moveReservation", "cancelReservationForMaintenance" -> r + reason;
            case "modifyReservation" -> r + "<end>" + end.plus(Duration.ofMinutes(30)) + "</end>";
            case "getUtilisation" -> r + window;
            default -> "";
        };
    }

    /** The booking a call of {@code role} names in {@code section}. */
    private String bookingFor(Section section, Role role) {
        return switch (section.service()) {
            case "lnsap-site-a" -> campusBooking;
            case "nsap" -> wanBooking;
            default -> role == Role.OTHER_PEER_BAR ? campusBooking : "site-b:" + requestId + "-peer:campus";
        };
    }

    /** {@code xml} with every element put in the {@code n:} namespace. */
    private static String prefixed(String xml) {
        return xml.replaceAll("<(/?)(\\w+)>", "<$1n:$2>");
    }
}
