package org.crs.service.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.security.auth.x500.X500Principal;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.crs.service.soap.EchoService;
import org.crs.service.soap.SoapServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Tomcat with real TLS: a server that requires client certificates serves only callers
 * whose certificate its configured authority signed, and passes their verified chain to the
 * request; one where they are optional also serves callers without one.
 */
class MutualTlsTest {

    private static final String PASSWORD = "test-password";
    private static final String SERVICE = "CN=nsap,OU=CRS,O=Test";
    private static final String CALLER = "CN=bar-site-a,OU=CRS,O=Test";

    @TempDir
    static Path dir;

    private static SoapServer required;
    private static SoapServer optionalBesidePlain;
    private static Path trustStore;
    private static Path callerKeys;
    private static Path strangerKeys;

    @BeforeAll
    static void start() {
        CertificateAuthority ca = CertificateAuthority.create("CN=Test CA,OU=CRS,O=Test");
        trustStore = dir.resolve("trust.p12");
        ca.writeTrustStore(trustStore, PASSWORD);
        ca.issue(SERVICE, dir.resolve("nsap.p12"), PASSWORD);
        callerKeys = dir.resolve("caller.p12");
        ca.issue(CALLER, callerKeys, PASSWORD);
        // The same subject, signed by an authority the server does not trust.
        strangerKeys = dir.resolve("stranger.p12");
        CertificateAuthority.create("CN=Other CA,OU=CRS,O=Test").issue(CALLER, strangerKeys, PASSWORD);

        TlsSettings server = new TlsSettings(dir.resolve("nsap.p12"), PASSWORD, trustStore, PASSWORD, ClientAuth.REQUIRED);
        required = SoapServer.builder().service("Echo", "urn:crs:echo", new EchoService()).servlet("/whoami", new WhoAmI())
                .tls(ServerTls.onListenPort(server)).start();
        optionalBesidePlain = SoapServer.builder().service("Echo", "urn:crs:echo", new EchoService())
                .servlet("/whoami", new WhoAmI())
                .tls(ServerTls.besidePlain(server.withClientAuth(ClientAuth.OPTIONAL), 0)).start();
    }

    @AfterAll
    static void stop() {
        if (required != null) {
            required.close();
        }
        if (optionalBesidePlain != null) {
            optionalBesidePlain.close();
        }
    }

    @Test
    void aServerRequiringCertificatesServesACallerWhoseCertificateItsAuthoritySigned() throws Exception {
        HttpResponse<String> answer = get(withCertificate(callerKeys), required.baseUri());

        assertEquals(200, answer.statusCode());
        assertTrue(CertificateSubjects.same(new X500Principal(CALLER), new X500Principal(answer.body())));
    }

    @Test
    void aServerRequiringCertificatesRefusesACallerWithoutOne() {
        assertThrows(IOException.class, () -> get(trustOnly(), required.baseUri()));
    }

    @Test
    void aServerRequiringCertificatesRefusesACertificateSignedByAnotherAuthority() {
        assertThrows(IOException.class, () -> get(withCertificate(strangerKeys), required.baseUri()));
    }

    @Test
    void theListenPortSpeaksTlsWhenTlsHasNoPortOfItsOwn() {
        assertEquals("https", required.baseUri().getScheme());
        assertEquals(required.port(), required.tlsPort().getAsInt());
    }

    @Test
    void aServerWithOptionalCertificatesServesACallerWithoutOne() throws Exception {
        HttpResponse<String> answer = get(trustOnly(), optionalBesidePlain.tlsBaseUri().orElseThrow());

        assertEquals(200, answer.statusCode());
        assertEquals("", answer.body());
    }

    @Test
    void aServerWithOptionalCertificatesStillPassesOnAPresentedOne() throws Exception {
        HttpResponse<String> answer = get(withCertificate(callerKeys), optionalBesidePlain.tlsBaseUri().orElseThrow());

        assertTrue(CertificateSubjects.same(new X500Principal(CALLER), new X500Principal(answer.body())));
    }

    @Test
    void aServerWithOptionalCertificatesNeverPassesOnACertificateSignedByAnotherAuthority() throws Exception {
        // The server names the authorities it trusts; the client offers no certificate they did not
        // sign, and so is served as a caller without one. A chain that reaches the request is verified.
        HttpResponse<String> answer = get(withCertificate(strangerKeys), optionalBesidePlain.tlsBaseUri().orElseThrow());

        assertEquals(200, answer.statusCode());
        assertEquals("", answer.body());
    }

    @Test
    void theListenPortStaysPlainHttpBesideATlsPort() throws Exception {
        HttpResponse<String> answer = get(null, optionalBesidePlain.baseUri());

        assertEquals("http", optionalBesidePlain.baseUri().getScheme());
        assertEquals(200, answer.statusCode());
        assertFalse(optionalBesidePlain.tlsPort().getAsInt() == optionalBesidePlain.port());
    }

    @Test
    void theWsdlOfAServerSpeakingOnlyTlsNamesItsHttpsEndpointsOnly() throws Exception {
        String wsdl = get(withCertificate(callerKeys), URI.create(required.serviceUrl("Echo") + "?wsdl")).body();

        assertTrue(wsdl.contains("location=\"" + required.serviceUrl("Echo")), wsdl);
        assertFalse(wsdl.contains("location=\"http:"), wsdl);
    }

    @Test
    void theWsdlOfAServerWithTlsBesidePlainNamesThePlainEndpointsOnly() throws Exception {
        String overTls = get(trustOnly(), URI.create(optionalBesidePlain.tlsServiceUrl("Echo").orElseThrow() + "?wsdl")).body();

        assertTrue(overTls.contains("location=\"" + optionalBesidePlain.serviceUrl("Echo")), overTls);
        assertFalse(overTls.contains("location=\"https:"), overTls);
    }

    @Test
    void soapOperationsAnswerOverTls() throws Exception {
        String envelope = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:e=\"urn:crs:echo\">"
                + "<soapenv:Body><e:echo><e:text>over TLS</e:text></e:echo></soapenv:Body></soapenv:Envelope>";
        for (URI url : java.util.List.of(required.serviceUrl("Echo"), optionalBesidePlain.tlsServiceUrl("Echo").orElseThrow())) {
            SSLContext tls = withCertificate(callerKeys);
            HttpResponse<String> answer = HttpClient.newBuilder().sslContext(tls).sslParameters(TlsContexts.parameters(tls))
                    .build().send(HttpRequest.newBuilder(url).header("Content-Type", "text/xml; charset=UTF-8")
                            .header("SOAPAction", "\"urn:echo\"").POST(HttpRequest.BodyPublishers.ofString(envelope)).build(),
                            HttpResponse.BodyHandlers.ofString());

            assertEquals(200, answer.statusCode(), answer.body());
            assertTrue(answer.body().contains("over TLS"), answer.body());
        }
    }

    @Test
    void subjectsAreComparedAsNamesNotAsText() {
        assertTrue(CertificateSubjects.same(CertificateSubjects.parse("CN=bar-site-a,OU=CRS,O=Demo", "subject", ""),
                CertificateSubjects.parse("cn=bar-site-a, ou=CRS,  o=Demo", "subject", "")));
        assertFalse(CertificateSubjects.same(CertificateSubjects.parse("CN=bar-site-a,OU=CRS,O=Demo", "subject", ""),
                CertificateSubjects.parse("CN=bar-site-b,OU=CRS,O=Demo", "subject", "")));
    }

    private static SSLContext withCertificate(Path keys) {
        return TlsContexts.client(new TlsSettings(keys, PASSWORD, trustStore, PASSWORD, ClientAuth.NONE));
    }

    /** A client that trusts the server's authority and has no certificate of its own. */
    private static SSLContext trustOnly() throws Exception {
        KeyStore trusted = TlsContexts.load(trustStore, PASSWORD, "trustStore");
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }

    private static HttpResponse<String> get(SSLContext tls, URI base) throws IOException, InterruptedException {
        HttpClient.Builder client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            client.sslContext(tls).sslParameters(TlsContexts.parameters(tls));
        }
        URI target = base.getPath() == null || base.getPath().isEmpty() ? base.resolve("/whoami") : base;
        return client.build().send(HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Answers the subject of the caller's verified certificate, or nothing. */
    private static final class WhoAmI extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            response.getWriter().write(CertificateSubjects.clientSubject(request).map(X500Principal::getName).orElse(""));
        }
    }
}
