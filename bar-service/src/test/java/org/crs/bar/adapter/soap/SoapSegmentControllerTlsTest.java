package org.crs.bar.adapter.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.crs.bar.port.SegmentFailure;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.NoRouters;
import org.crs.service.server.ServerConfig;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SOAP segment controller calling an NSAP that speaks only TLS and requires a client
 * certificate, over real TLS: with the BAR's certificate it is answered, and over one kept-alive
 * connection; without a certificate, or not trusting the NSAP's authority, it reaches nobody.
 */
class SoapSegmentControllerTlsTest {

    private static final String PASSWORD = "test-password";

    static Path dir;
    static NsapServer server;
    static TlsSettings bar;

    @BeforeAll
    static void start() throws Exception {
        dir = Files.createTempDirectory("bar-soap-tls");
        CertificateAuthority ca = CertificateAuthority.create("CN=Test CA,OU=CRS,O=Test");
        ca.writeTrustStore(dir.resolve("trust.p12"), PASSWORD);
        ca.issue("CN=nsap,OU=CRS,O=Test", dir.resolve("nsap.p12"), PASSWORD);
        ca.issue("CN=bar-site-a,OU=CRS,O=Test", dir.resolve("bar.p12"), PASSWORD);
        bar = new TlsSettings(dir.resolve("bar.p12"), PASSWORD, dir.resolve("trust.p12"), PASSWORD, ClientAuth.NONE);
        server = NsapServer.start(new ServerConfig("bar-soap-tls-test", "jdbc:hsqldb:mem:bar-soap-tls-" + System.nanoTime(),
                "SA", "", "127.0.0.1", 0, false).withTls(ServerTls.onListenPort(new TlsSettings(dir.resolve("nsap.p12"),
                        PASSWORD, dir.resolve("trust.p12"), PASSWORD, ClientAuth.REQUIRED))),
                new SoapSegmentControllerTest.RequestedVlans(), store -> NoRouters.INSTANCE, Clock.systemUTC());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void withTheBarsCertificateTheNsapAnswers() throws Exception {
        try (SoapSegmentController nsap = controller(server.serviceUrl(), TlsContexts.client(bar))) {
            assertEquals("https", server.serviceUrl().getScheme());
            assertFalse(nsap.endpoints().isEmpty());
        }
    }

    @Test
    void manyCallsGoOverOneKeptAliveConnection() throws Exception {
        try (CountingProxy proxy = new CountingProxy(server.port());
             SoapSegmentController nsap = controller(proxy.in(server.serviceUrl()), TlsContexts.client(bar))) {
            for (int i = 0; i < 20; i++) {
                nsap.endpoints();
            }

            assertEquals(1, proxy.connections());
        }
    }

    @Test
    void withoutACertificateTheCallReachesNobody() throws Exception {
        try (SoapSegmentController nsap = controller(server.serviceUrl(), trustOnly())) {
            SegmentFailure f = assertThrows(SegmentFailure.class, nsap::endpoints);

            assertFalse(f.answered());
            assertEquals(RefusalCode.PROVIDER_SILENT, f.refusal().code());
        }
    }

    @Test
    void aServerWhoseAuthorityTheBarDoesNotTrustIsNotCalled() throws Exception {
        Path other = dir.resolve("other-trust.p12");
        CertificateAuthority.create("CN=Other CA,OU=CRS,O=Test").writeTrustStore(other, PASSWORD);
        SSLContext distrusting = TlsContexts.client(new TlsSettings(bar.keyStore(), PASSWORD, other, PASSWORD, ClientAuth.NONE));
        try (SoapSegmentController nsap = controller(server.serviceUrl(), distrusting)) {
            SegmentFailure f = assertThrows(SegmentFailure.class, nsap::endpoints);

            assertFalse(f.answered());
            assertEquals(RefusalCode.PROVIDER_SILENT, f.refusal().code());
        }
    }

    private static SoapSegmentController controller(URI url, SSLContext tls) {
        return new SoapSegmentController("nsap", url, NsapContract.NAMESPACE, Duration.ofSeconds(10), tls);
    }

    private static SSLContext trustOnly() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(TlsContexts.load(bar.trustStore(), PASSWORD, "trustStore"));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }

    /** A TCP proxy on 127.0.0.1 that counts the connections made through it. */
    static final class CountingProxy implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final int target;
        private final AtomicInteger connections = new AtomicInteger();

        CountingProxy(int target) throws IOException {
            this.target = target;
            Thread acceptor = new Thread(this::accept, "counting-proxy");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        URI in(URI url) {
            return URI.create(url.toString().replace(":" + target + "/", ":" + socket.getLocalPort() + "/"));
        }

        int connections() {
            return connections.get();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket client = socket.accept();
                    connections.incrementAndGet();
                    Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                    pipe(client, server);
                    pipe(server, client);
                } catch (IOException e) {
                    return;
                }
            }
        }

        private static void pipe(Socket from, Socket to) {
            Thread t = new Thread(() -> {
                try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                    in.transferTo(out);
                } catch (IOException e) {
                    // one side closed
                }
            }, "counting-proxy-pipe");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
