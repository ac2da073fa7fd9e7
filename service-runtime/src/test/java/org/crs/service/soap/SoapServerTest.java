package org.crs.service.soap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Iterator;
import java.util.List;
import java.util.TimeZone;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.AxisFault;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** A POJO served over real HTTP by SoapServer, called by Axis2 clients and by raw SOAP posts. */
class SoapServerTest {

    static final String NS = "urn:crs:test:echo:1";
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    static final long LIMIT = 64 * 1024;

    static EchoService echo;
    static SoapServer server;
    static HttpClient http;

    @BeforeAll
    static void start() {
        echo = new EchoService();
        server = SoapServer.builder()
                .port(0)
                .maxRequestBytes(LIMIT)
                .service("Echo", NS, EchoApi.class, echo)
                .servlet("/api/*", new HelloServlet())
                .start();
        System.out.printf("SoapServer start-to-ready: %d ms (one service, one servlet)%n",
                server.startupTime().toMillis());
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void boundPortIsReportedAndTheWsdlUsesTheServiceNamespaces() throws Exception {
        assertTrue(server.port() > 0);
        assertEquals(URI.create("http://127.0.0.1:" + server.port() + "/services/Echo?wsdl"), server.wsdlUrl("Echo"));
        HttpResponse<String> r = get(server.wsdlUrl("Echo"));
        assertEquals(200, r.statusCode());
        Document wsdl = parse(r.body());
        Element definitions = wsdl.getDocumentElement();
        assertEquals("definitions", definitions.getLocalName());
        assertEquals(NS, definitions.getAttribute("targetNamespace"));
        Element schema = (Element) wsdl.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "schema").item(0);
        assertEquals(NS, schema.getAttribute("targetNamespace"));
        assertEquals("qualified", schema.getAttribute("elementFormDefault"));

        List<String> operations = names(wsdl, "http://schemas.xmlsoap.org/wsdl/", "portType", "operation");
        assertEquals(List.of("check", "echo", "echoBean", "fail", "split"), operations.stream().sorted().toList());
        assertFalse(r.body().contains("\"calls\""), "a public method outside the contract is not an operation");
        assertTrue(r.body().contains("name=\"text\""), "parameter names come from the implementation class");
        assertTrue(r.body().contains("type=\"xs:dateTime\""), "Calendar maps to xs:dateTime");
        assertTrue(r.body().contains("<wsdl:fault message=\"ns:EchoServiceFault\""), "declared exception is a wsdl:fault");
        assertTrue(r.body().contains("soap12:binding"), "SOAP 1.2 binding published");
        assertTrue(r.body().contains("soap:binding"), "SOAP 1.1 binding published");
        assertTrue(r.body().contains("http://127.0.0.1:" + server.port() + "/services/Echo"), "endpoint address");
    }

    @Test
    void axis2ClientCallsTheSameInstanceOverSoap11AndSoap12() throws Exception {
        int before = echo.calls();
        for (boolean soap12 : new boolean[] {false, true}) {
            RPCServiceClient client = SoapClients.rpcClient(server.serviceUrl("Echo"), soap12, SoapClients.DEFAULT_TIMEOUT);
            try {
                Object[] answer = client.invokeBlocking(new QName(NS, "echo"), new Object[] {"hello " + soap12},
                        new Class<?>[] {String.class});
                assertEquals("hello " + soap12, answer[0]);
            } finally {
                client.cleanupTransport();
            }
        }
        assertEquals(before + 2, echo.calls(), "the instance given to the builder answered");
    }

    @Test
    void beanWithDateTimeAndArrayRoundTripsThroughAxis2Client() throws Exception {
        EchoBean in = new EchoBean();
        in.setName("lightpath");
        Calendar when = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        when.clear();
        when.set(2031, Calendar.MARCH, 4, 5, 6, 7);
        in.setWhen(when);
        in.setTags(new String[] {"a", "b"});
        in.setCount(41);
        RPCServiceClient client = SoapClients.rpcClient(server.serviceUrl("Echo"));
        try {
            EchoBean out = (EchoBean) client.invokeBlocking(new QName(NS, "echoBean"), new Object[] {in},
                    new Class<?>[] {EchoBean.class})[0];
            assertEquals("lightpath", out.getName());
            assertEquals(when.getTimeInMillis(), out.getWhen().getTimeInMillis());
            assertArrayEquals(new String[] {"a", "b"}, out.getTags());
            assertEquals(42, out.getCount());
        } finally {
            client.cleanupTransport();
        }
    }

    @Test
    void rawSoap11PostIsAnswered() throws Exception {
        HttpResponse<String> r = post11(envelope11("<e:echo xmlns:e='" + NS + "'><e:text>raw</e:text></e:echo>"), "urn:echo");
        assertEquals(200, r.statusCode());
        Document answer = parse(r.body());
        assertEquals("raw", text(answer, NS, "return"));
    }

    @Test
    void anAnswerThatFitsTheResponseBufferIsSentWholeWithItsLength() throws Exception {
        HttpResponse<String> r = post11(envelope11("<e:echo xmlns:e='" + NS + "'><e:text>short</e:text></e:echo>"), "urn:echo");
        assertEquals(200, r.statusCode());
        assertEquals(String.valueOf(r.body().getBytes(StandardCharsets.UTF_8).length),
                r.headers().firstValue("Content-Length").orElse("none"));
        assertFalse(r.headers().firstValue("Transfer-Encoding").isPresent());
    }

    @Test
    void anAnswerLargerThanTheResponseBufferStillArrivesWhole() throws Exception {
        String text = "x".repeat(40_000);
        HttpResponse<String> r = post11(envelope11("<e:echo xmlns:e='" + NS + "'><e:text>" + text + "</e:text></e:echo>"), "urn:echo");
        assertEquals(200, r.statusCode());
        assertEquals(text, text(parse(r.body()), NS, "return"));
    }

    @Test
    void rawSoap12PostIsAnswered() throws Exception {
        HttpResponse<String> r = post12(envelope12("<e:echo xmlns:e='" + NS + "'><e:text>raw12</e:text></e:echo>"));
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/soap+xml"));
        assertEquals("raw12", text(parse(r.body()), NS, "return"));
    }

    @Test
    void emptyArrayIsAnsweredAsNoElementsNeverNil() throws Exception {
        HttpResponse<String> r = post11(envelope11("<e:split xmlns:e='" + NS + "'><e:text> </e:text></e:split>"), "urn:split");
        assertEquals(200, r.statusCode());
        Document answer = parse(r.body());
        assertEquals(1, answer.getElementsByTagNameNS(NS, "splitResponse").getLength());
        assertEquals(0, answer.getElementsByTagNameNS(NS, "return").getLength(), r.body());
        assertFalse(r.body().contains("nil"), r.body());

        RPCServiceClient client = SoapClients.rpcClient(server.serviceUrl("Echo"));
        try {
            Object[] words = client.invokeBlocking(new QName(NS, "split"), new Object[] {"a b c"},
                    new Class<?>[] {String[].class});
            assertArrayEquals(new String[] {"a", "b", "c"}, (String[]) words[0]);
        } finally {
            client.cleanupTransport();
        }
    }

    @Test
    void declaredFaultReachesAxis2ClientWithCodeFieldAndReason() throws Exception {
        RPCServiceClient client = SoapClients.rpcClient(server.serviceUrl("Echo"));
        try {
            AxisFault fault = assertThrows(AxisFault.class, () -> client.invokeBlocking(new QName(NS, "check"),
                    new Object[] {""}, new Class<?>[] {String.class}));
            assertEquals("must not be blank", fault.getMessage());
            OMElement detail = fault.getDetail();
            assertNotNull(detail, "fault detail");
            assertEquals(new QName(NS, "EchoServiceFault"), detail.getQName());
            assertEquals("BAD_FIELD", descendantText(detail, "code"));
            assertEquals("value", descendantText(detail, "field"));
            assertEquals("must not be blank", descendantText(detail, "reason"));
        } finally {
            client.cleanupTransport();
        }
    }

    @Test
    void declaredFaultReachesRawSoap12ClientWithCodeFieldAndReason() throws Exception {
        HttpResponse<String> r = post12(envelope12("<e:check xmlns:e='" + NS + "'><e:value/></e:check>"));
        assertEquals(500, r.statusCode());
        Document answer = parse(r.body());
        assertEquals(1, answer.getElementsByTagNameNS(SOAP12, "Fault").getLength(), r.body());
        assertEquals(1, answer.getElementsByTagNameNS(SOAP12, "Detail").getLength(), r.body());
        assertEquals("BAD_FIELD", text(answer, NS, "code"));
        assertEquals("value", text(answer, NS, "field"));
        assertEquals("must not be blank", text(answer, NS, "reason"));
    }

    @Test
    void aMalformedValueIsRefusedAsABadFieldNamingTheElement() throws Exception {
        HttpResponse<String> r = post11(envelope11("<e:echoBean xmlns:e='" + NS + "'><e:bean><e:count>many</e:count>"
                + "</e:bean></e:echoBean>"), "urn:echoBean");
        assertEquals(500, r.statusCode());
        Document answer = parse(r.body());
        assertEquals("BAD_FIELD", text(answer, NS, "code"), r.body());
        assertEquals("count", text(answer, NS, "field"), r.body());
    }

    @Test
    void undeclaredExceptionReachesClientWithoutItsMessage() throws Exception {
        int before = echo.calls();
        HttpResponse<String> r = post11(envelope11("<e:fail xmlns:e='" + NS + "'><e:secret>hunter2</e:secret></e:fail>"), "urn:fail");
        assertEquals(500, r.statusCode());
        assertEquals(before + 1, echo.calls());
        assertTrue(r.body().contains("Internal error (incident "), r.body());
        assertFalse(r.body().contains("hunter2"), r.body());
        assertFalse(r.body().contains("IllegalStateException"), r.body());
        assertFalse(r.body().contains("at org."), "no stack trace: " + r.body());
    }

    @Test
    void doctypeWithExternalEntityIsRefusedWithSoapFaultAndNotExpanded(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET-CONTENT");
        int before = echo.calls();
        String body = "<?xml version='1.0'?>\n<!DOCTYPE s:Envelope [<!ENTITY xxe SYSTEM '" + secret.toUri() + "'>]>\n"
                + "<s:Envelope xmlns:s='" + SOAP11 + "'><s:Body><e:echo xmlns:e='" + NS + "'><e:text>&xxe;</e:text>"
                + "</e:echo></s:Body></s:Envelope>";
        HttpResponse<String> r = post11(body, "urn:echo");
        assertEquals(500, r.statusCode());
        assertEquals(1, parse(r.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength(), r.body());
        assertFalse(r.body().contains("TOP-SECRET-CONTENT"), r.body());
        assertEquals(before, echo.calls(), "the service was not invoked");
    }

    @Test
    void externalDtdAndParameterEntitiesAreNeverFetched() throws Exception {
        String dtdUrl = server.baseUri() + "/api/evil.dtd";
        assertEquals(200, get(URI.create(dtdUrl)).statusCode());
        int fetchesBefore = HelloServlet.DTD_FETCHES.get();
        int callsBefore = echo.calls();
        String external = "<!DOCTYPE s:Envelope SYSTEM '" + dtdUrl + "'>" + envelope11(
                "<e:echo xmlns:e='" + NS + "'><e:text>&fetched;</e:text></e:echo>");
        String parameter = "<!DOCTYPE s:Envelope [<!ENTITY % p SYSTEM '" + dtdUrl + "'> %p;]>" + envelope11(
                "<e:echo xmlns:e='" + NS + "'><e:text>&fetched;</e:text></e:echo>");
        for (String body : List.of(external, parameter)) {
            HttpResponse<String> r = post11(body, "urn:echo");
            assertEquals(500, r.statusCode());
            assertEquals(1, parse(r.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength(), r.body());
            assertFalse(r.body().contains("FETCHED-BY-PARSER"), r.body());
        }
        HttpResponse<String> soap12 = post12(external.replace(SOAP11, SOAP12));
        assertEquals(500, soap12.statusCode());
        assertEquals(1, parse(soap12.body()).getElementsByTagNameNS(SOAP12, "Fault").getLength(), soap12.body());
        assertEquals(fetchesBefore, HelloServlet.DTD_FETCHES.get(), "no DTD was fetched");
        assertEquals(callsBefore, echo.calls());
    }

    @Test
    void doctypeWithInternalEntitiesIsRefusedWithSoapFault() throws Exception {
        int before = echo.calls();
        StringBuilder dtd = new StringBuilder("<!DOCTYPE s:Envelope [<!ENTITY a 'aaaaaaaaaa'>");
        String prev = "a";
        for (int i = 0; i < 8; i++) {
            String name = "e" + i;
            dtd.append("<!ENTITY ").append(name).append(" '").append(("&" + prev + ";").repeat(10)).append("'>");
            prev = name;
        }
        dtd.append("]>");
        String body = dtd + "<s:Envelope xmlns:s='" + SOAP11 + "'><s:Body><e:echo xmlns:e='" + NS + "'><e:text>&"
                + prev + ";</e:text></e:echo></s:Body></s:Envelope>";
        HttpResponse<String> r = post11(body, "urn:echo");
        assertEquals(500, r.statusCode());
        assertEquals(1, parse(r.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength(), r.body());
        assertFalse(r.body().contains("aaaaaaaaaaaaaaaaaaaa"), "entity not expanded");
        assertEquals(before, echo.calls());
    }

    @Test
    void requestJustUnderTheLimitIsServed() throws Exception {
        String envelopeStart = envelope11("<e:echo xmlns:e='" + NS + "'><e:text>");
        String payload = "x".repeat((int) LIMIT - 400);
        HttpResponse<String> r = post11(envelope11("<e:echo xmlns:e='" + NS + "'><e:text>" + payload + "</e:text></e:echo>"), "urn:echo");
        assertTrue(envelopeStart.length() < 400);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains(payload));
    }

    @Test
    void requestLargerThanTheLimitIsRefusedBeforeParsing() throws Exception {
        int before = echo.calls();
        String big = envelope11("<e:echo xmlns:e='" + NS + "'><e:text>" + "x".repeat((int) LIMIT) + "</e:text></e:echo>");
        HttpResponse<String> declared = post11(big, "urn:echo");
        assertEquals(413, declared.statusCode());
        assertTrue(declared.body().contains("larger than " + LIMIT), declared.body());
        assertEquals(1, parse(declared.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength());

        // no Content-Length: the body arrives chunked and is counted
        HttpRequest chunked = HttpRequest.newBuilder(server.serviceUrl("Echo"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"urn:echo\"")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
                .build();
        HttpResponse<String> r = http.send(chunked, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, r.statusCode());
        assertEquals(before, echo.calls(), "the service was not invoked");
    }

    @Test
    void chunkedRequestWithinTheLimitIsServed() throws Exception {
        String small = envelope11("<e:echo xmlns:e='" + NS + "'><e:text>chunked</e:text></e:echo>");
        HttpRequest chunked = HttpRequest.newBuilder(server.serviceUrl("Echo"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"urn:echo\"")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(small.getBytes(StandardCharsets.UTF_8))))
                .build();
        HttpResponse<String> r = http.send(chunked, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("chunked", text(parse(r.body()), NS, "return"));
    }

    @Test
    void malformedXmlGetsSoapFault() throws Exception {
        HttpResponse<String> truncated = post11("<s:Envelope xmlns:s='" + SOAP11 + "'><s:Body><e:echo xmlns:e='" + NS
                + "'><e:text>oops</e:echo>", "urn:echo");
        assertEquals(500, truncated.statusCode());
        assertEquals(1, parse(truncated.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength(), truncated.body());

        HttpResponse<String> garbage = post11("this is not XML at all", "urn:echo");
        assertEquals(500, garbage.statusCode());
        assertEquals(1, parse(garbage.body()).getElementsByTagNameNS(SOAP11, "Fault").getLength(), garbage.body());

        HttpResponse<String> garbage12 = post12("<<<");
        assertEquals(500, garbage12.statusCode());
        assertEquals(1, parse(garbage12.body()).getElementsByTagNameNS(SOAP12, "Fault").getLength(), garbage12.body());
    }

    @Test
    void getOfAnOperationUrlDoesNotInvokeIt() throws Exception {
        int before = echo.calls();
        for (String path : List.of("/services/Echo/echo?text=viaGet", "/services/Echo.EchoHttpSoap11Endpoint/echo?text=viaGet",
                "/services/Echo/echo")) {
            HttpResponse<String> r = get(URI.create(server.baseUri() + path));
            assertEquals(405, r.statusCode(), path + ": " + r.body());
            assertFalse(r.body().contains("echoResponse"), r.body());
            assertFalse(r.body().contains("viaGet"), r.body());
        }
        HttpResponse<String> xmlPost = http.send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/services/Echo/echo"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString("<echo xmlns='" + NS + "'><text>viaPox</text></echo>"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, xmlPost.statusCode(), xmlPost.body());
        assertFalse(xmlPost.body().contains("viaPox"), xmlPost.body());
        HttpResponse<String> delete = http.send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/services/Echo/echo"))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, delete.statusCode());
        assertEquals(before, echo.calls(), "no operation ran");
    }

    @Test
    void plainServletAnswersOnItsOwnPath() throws Exception {
        HttpResponse<String> r = get(URI.create(server.baseUri() + "/api/hello"));
        assertEquals(200, r.statusCode());
        assertEquals("hello /hello", r.body());
        HttpResponse<String> missing = get(URI.create(server.baseUri() + "/nothing/here"));
        assertEquals(404, missing.statusCode());
        assertFalse(missing.body().contains("Tomcat"), "error pages do not name the server: " + missing.body());
    }

    @Test
    void oneWayOperationIsRefusedAtDeployment() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SoapServer.builder().service("OneWay", "urn:crs:test:oneway:1", new OneWay()).start());
        assertTrue(e.getMessage().contains("OneWay.notify"), e.getMessage());
    }

    @Test
    void serversRunSideBySideAndRestartInOneJvm() throws Exception {
        List<Long> millis = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            EchoService a = new EchoService();
            PlainService b = new PlainService();
            try (SoapServer one = SoapServer.builder().service("Echo", NS, EchoApi.class, a).start();
                 SoapServer two = SoapServer.builder().service("Plain", "urn:crs:test:plain:1", b).start()) {
                millis.add(one.startupTime().toMillis());
                millis.add(two.startupTime().toMillis());
                assertNotEquals(one.port(), two.port());
                assertTrue(post(one.serviceUrl("Echo"), "text/xml; charset=UTF-8", "urn:echo",
                        envelope11("<e:echo xmlns:e='" + NS + "'><e:text>one</e:text></e:echo>")).body().contains(">one<"));
                HttpResponse<String> plain = post(two.serviceUrl("Plain"), "text/xml; charset=UTF-8", "urn:twice",
                        envelope11("<p:twice xmlns:p='urn:crs:test:plain:1'><p:n>21</p:n></p:twice>"));
                assertTrue(plain.body().contains(">42<"), plain.body());
                assertTrue(get(two.wsdlUrl("Plain")).body().contains("name=\"twice\""));
                assertEquals(1, a.calls());
            }
        }
        System.out.println("SoapServer start-to-ready, side by side and restarted (ms): " + millis);
    }

    // ---------------------------------------------------------------- helpers and fixtures

    /** A service served without a contract: its public methods are its operations. */
    public static class PlainService {
        public int twice(int n) {
            return 2 * n;
        }
    }

    /** A service with a one-way method, which the runtime refuses. */
    public static class OneWay {
        public void notify(String what) {
        }
    }

    /** Answers GET /api/*; counts fetches of *.dtd so tests can see whether a parser fetched one. */
    static final class HelloServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        static final java.util.concurrent.atomic.AtomicInteger DTD_FETCHES = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            if (req.getPathInfo() != null && req.getPathInfo().endsWith(".dtd")) {
                DTD_FETCHES.incrementAndGet();
                resp.setContentType("application/xml-dtd");
                resp.getWriter().write("<!ENTITY fetched 'FETCHED-BY-PARSER'>");
                return;
            }
            resp.setContentType("text/plain");
            resp.getWriter().write("hello " + req.getPathInfo());
        }
    }

    static String envelope11(String body) {
        return "<s:Envelope xmlns:s='" + SOAP11 + "'><s:Body>" + body + "</s:Body></s:Envelope>";
    }

    static String envelope12(String body) {
        return "<s:Envelope xmlns:s='" + SOAP12 + "'><s:Body>" + body + "</s:Body></s:Envelope>";
    }

    static HttpResponse<String> post11(String body, String action) throws Exception {
        return post(server.serviceUrl("Echo"), "text/xml; charset=UTF-8", action, body);
    }

    static HttpResponse<String> post12(String body) throws Exception {
        return post(server.serviceUrl("Echo"), "application/soap+xml; charset=UTF-8", null, body);
    }

    static HttpResponse<String> post(URI url, String contentType, String action, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(url).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (action != null) {
            b.header("SOAPAction", "\"" + action + "\"");
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> get(URI url) throws Exception {
        return http.send(HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Parses with DTDs refused, as any CRS code parsing XML should. */
    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static String text(Document doc, String ns, String localName) {
        NodeList nodes = doc.getElementsByTagNameNS(ns, localName);
        assertEquals(1, nodes.getLength(), "one " + localName);
        return nodes.item(0).getTextContent();
    }

    static List<String> names(Document doc, String ns, String parent, String child) {
        List<String> out = new ArrayList<>();
        Element p = (Element) doc.getElementsByTagNameNS(ns, parent).item(0);
        NodeList nodes = p.getElementsByTagNameNS(ns, child);
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(((Element) nodes.item(i)).getAttribute("name"));
        }
        return out;
    }

    static String descendantText(OMElement root, String localName) {
        for (OMElement e : descendants(root)) {
            if (e.getLocalName().equals(localName)) {
                return e.getText();
            }
        }
        return null;
    }

    static List<OMElement> descendants(OMElement root) {
        List<OMElement> out = new ArrayList<>();
        Iterator<?> it = root.getDescendants(false);
        while (it.hasNext()) {
            Object node = it.next();
            if (node instanceof OMElement e) {
                out.add(e);
            }
        }
        return out;
    }
}
