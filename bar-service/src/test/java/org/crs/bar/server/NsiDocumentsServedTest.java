package org.crs.bar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.crs.bar.service.AccountService;
import org.crs.service.server.ServiceLauncher;
import org.crs.service.tls.TlsContexts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A BAR started from a configuration file with an {@code nsi} section serves its NML topology and
 * NSA description over real HTTP to anyone, and refuses to start when the STPs it would publish
 * cannot be booked.
 */
class NsiDocumentsServedTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";

    @TempDir
    Path dir;
    BarServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The demo's site-a campus with a hand-off, and a BAR configuration publishing it. */
    Path configuration(String nsiHandOffPort) throws Exception {
        // The demo's campus has the hand-off to-domain-c on edge-a's TenGigabitEthernet2/2, VLANs 3000-3099.
        Files.writeString(dir.resolve("site-a-campus.yaml"), Files.readString(Path.of("../deploy/topology/site-a-campus.yaml")));
        Path file = dir.resolve("bar.yaml");
        Files.writeString(file, """
                name: bar-nsi
                site: site-a
                listen: {host: 127.0.0.1, port: 0}
                database: {jdbcUrl: "jdbc:hsqldb:mem:bar-nsi-%d"}
                campus: {url: http://127.0.0.1:9/services/NsapService}
                wan: {url: http://127.0.0.1:9/services/NsapService}
                networkMap:
                  campuses: [site-a-campus.yaml]
                nsi:
                  domain: site-a.crs.example
                  year: 2026
                  name: CRS site-a
                  handOffs:
                    - {port: %s, alias: "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a",
                       peerNsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
                """.formatted(System.nanoTime(), nsiHandOffPort));
        return file;
    }

    HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(server.serviceUrl().resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theTopologyIsServedToAnyoneAsXmlWithItsVersion() throws Exception {
        Instant before = Instant.now().minusSeconds(1);
        server = BarMain.start(BarServerConfig.FILE.load(configuration("to-domain-c")));

        HttpResponse<String> answer = get("/NSI/topology.xml");

        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("application/xml;charset=UTF-8", answer.headers().firstValue("Content-Type").orElseThrow()
                .replace(" ", ""));
        Element topology = parse(answer.body());
        assertEquals(NETWORK, topology.getAttribute("id"));
        Instant version = Instant.parse(topology.getAttribute("version"));
        assertTrue(!version.isBefore(before) && !version.isAfter(Instant.now()), version.toString());
        assertEquals(version, ZonedDateTime.parse(answer.headers().firstValue("Last-Modified").orElseThrow(),
                DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
        List<String> ports = new ArrayList<>();
        for (Element e : children(topology)) {
            if (e.getLocalName().equals("BidirectionalPort")) {
                ports.add(e.getAttribute("id"));
            }
        }
        assertEquals(List.of(NETWORK + ":host-a1", NETWORK + ":host-a2", NETWORK + ":host-a3", NETWORK + ":host-a4",
                NETWORK + ":to-domain-c"), ports);
    }

    @Test
    void withTlsTheInterfacesAreOnTheTlsPortWhereTheDocumentsAreServedToo() throws Exception {
        Path certificates = BarServerConfigTest.demoCertificates();
        Path file = configuration("to-domain-c");
        Files.writeString(file, Files.readString(file)
                .replace("campus: {url: http://127.0.0.1:9/services/NsapService}",
                        "campus: {url: https://127.0.0.1:9/services/NsapService, subject: \"CN=lnsap-site-a,OU=CRS,O=Demo\"}")
                .replace("wan: {url: http://127.0.0.1:9/services/NsapService}",
                        "wan: {url: https://127.0.0.1:9/services/NsapService, subject: \"CN=nsap,OU=CRS,O=Demo\"}")
                + "tls: {port: 0, keyStore: " + certificates.resolve("bar-site-a.p12") + ", keyStorePassword: crs-demo-tls,"
                + " trustStore: " + certificates.resolve("trust.p12") + ", trustStorePassword: crs-demo-tls,"
                + " clientAuth: optional}\n");
        BarServerConfig config = BarServerConfig.FILE.load(file);
        server = BarMain.start(config);

        Element nsa = parse(get("/NSI/discovery.xml").body());

        String provider = children(children(nsa).stream().filter(e -> e.getLocalName().equals("interface")).findFirst()
                .orElseThrow()).get(1).getTextContent();
        assertEquals("https://127.0.0.1:" + server.tlsPort().orElseThrow() + "/NSI/services/ConnectionProvider", provider);
        HttpClient tls = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(TlsContexts.client(config.basics().tls().orElseThrow().settings())).build();
        HttpResponse<String> overTls = tls.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                + server.tlsPort().orElseThrow() + "/NSI/topology.xml")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, overTls.statusCode());
        assertEquals(NETWORK, parse(overTls.body()).getAttribute("id"));
    }

    @Test
    void aPollerWithTheCurrentVersionIsAnsweredNotModified() throws Exception {
        server = BarMain.start(BarServerConfig.FILE.load(configuration("to-domain-c")));
        String lastModified = get("/NSI/discovery.xml").headers().firstValue("Last-Modified").orElseThrow();

        HttpResponse<String> again = HTTP.send(HttpRequest.newBuilder(server.serviceUrl().resolve("/NSI/discovery.xml"))
                .header("If-Modified-Since", lastModified).GET().build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(304, again.statusCode());
    }

    @Test
    void theNsaDescriptionNamesThisBarsOwnAddressAndThePeer() throws Exception {
        server = BarMain.start(BarServerConfig.FILE.load(configuration("to-domain-c")));

        HttpResponse<String> answer = get("/NSI/discovery.xml");

        assertEquals(200, answer.statusCode(), answer.body());
        Element nsa = parse(answer.body());
        assertEquals("urn:ogf:network:site-a.crs.example:2026:nsa", nsa.getAttribute("id"));
        URI base = URI.create("http://127.0.0.1:" + server.port());
        List<String> hrefs = new ArrayList<>();
        List<String> peers = new ArrayList<>();
        for (Element e : children(nsa)) {
            if (e.getLocalName().equals("interface")) {
                hrefs.add(children(e).get(1).getTextContent());
            } else if (e.getLocalName().equals("peersWith")) {
                peers.add(e.getTextContent());
            }
        }
        assertEquals(List.of(base + "/NSI/services/ConnectionProvider", base + "/NSI/services/ConnectionRequester",
                base + "/NSI/topology.xml"), hrefs);
        assertEquals(List.of("urn:ogf:network:domain-c.crs.example:2026:nsa"), peers);
        assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create(hrefs.get(2))).GET().build(),
                HttpResponse.BodyHandlers.discarding()).statusCode(), "the topology is where the description says");
    }

    @Test
    void theBrowsersMapShowsTheHandOffWithItsStpAndTheNetworkItFaces() throws Exception {
        server = BarMain.start(BarServerConfig.FILE.load(configuration("to-domain-c")));
        server.accounts().createAccount(AccountService.ADMINISTRATION, "viewer", "user", "", "viewer-password");

        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(server.apiUrl().resolve("/api/topology"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "viewer:viewer-password".getBytes(StandardCharsets.UTF_8))).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode topology = new ObjectMapper().readTree(answer.body());
        JsonNode handOff = null;
        for (JsonNode place : topology.get("places")) {
            if (place.get("kind").asText().equals("HAND_OFF")) {
                handOff = place;
            }
        }
        assertEquals("edge-a:TenGigabitEthernet2/2", handOff.get("id").asText(), answer.body());
        assertEquals("to-domain-c", handOff.get("b").get("router").asText());
        assertEquals(10000, handOff.get("capacityMbps").asLong());
        JsonNode facing = topology.get("facing").get(0);
        assertEquals("edge-a:TenGigabitEthernet2/2", facing.get("placeId").asText());
        assertEquals(NETWORK + ":to-domain-c?vlan=3000-3099", facing.get("stp").asText());
        assertEquals("urn:ogf:network:domain-c.crs.example:2026:topology", facing.get("farNetwork").asText());
    }

    @Test
    void aBarWithoutAnNsiSectionServesNoNsiDocuments() throws Exception {
        Path file = configuration("to-domain-c");
        String yaml = Files.readString(file);
        Files.writeString(file, yaml.substring(0, yaml.indexOf("nsi:")));
        server = BarMain.start(BarServerConfig.FILE.load(file));

        assertEquals(404, get("/NSI/topology.xml").statusCode());
        assertEquals(404, get("/NSI/discovery.xml").statusCode());
    }

    @Test
    void aHandOffTheCampusHasNotFailsTheStartNamingItsStp() throws Exception {
        Path file = configuration("to-domain-x");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int check = BarMain.run(new String[] {"--check", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(ServiceLauncher.EXIT_CONFIG, check, out.toString(StandardCharsets.UTF_8));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("STP " + NETWORK + ":to-domain-x (nsi.handOffs port to-domain-x) is no hand-off of"
                + " campus site-a, which has to-domain-c"), message);
        assertEquals(ServiceLauncher.EXIT_CONFIG, BarMain.run(new String[] {file.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)), "nor does it start");
    }

    static Element parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
    }

    static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }
}
