package org.crs.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * A TLS proxy on 127.0.0.1 that passes everything on unchanged and notes when a SOAP request for
 * one operation first went through it: which of several callers, each with a proxy of its own,
 * made that call.
 */
final class WatchingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final SSLContext targetTls;
    private final byte[] soapAction;
    private final AtomicReference<Instant> seen = new AtomicReference<>();

    /**
     * Watches for requests whose SOAPAction is {@code urn:<operation>}, to a service that speaks
     * TLS: the proxy ends its callers' TLS with the certificate of {@code as}, reads the request,
     * and calls the service over TLS with the certificate of {@code callerAs} (the demo's).
     */
    WatchingProxy(int targetPort, String operation, DemoCertificates certificates, String as, String callerAs)
            throws IOException {
        this.server = certificates.client(as).getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.targetTls = certificates.client(callerAs);
        this.soapAction = ("urn:" + operation + "\"").getBytes(StandardCharsets.US_ASCII);
        Thread acceptor = new Thread(this::accept, "watching-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The same URL as {@code target}, through the proxy. */
    URI in(URI target) {
        return URI.create(target.toString().replace(":" + targetPort + "/", ":" + server.getLocalPort() + "/"));
    }

    /** When the watched operation first passed, or null. */
    Instant seen() {
        return seen.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> relay(client), "watching-proxy-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket target = targetTls.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), targetPort)) {
            Thread back = new Thread(() -> pipe(target, client, false));
            back.setDaemon(true);
            back.start();
            pipe(client, target, true);
            back.join();
        } catch (IOException | InterruptedException e) {
            // the connection ends
        }
    }

    private void pipe(Socket from, Socket to, boolean watch) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[16384];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (watch && seen.get() == null && contains(buffer, n, soapAction)) {
                    seen.compareAndSet(null, Instant.now());
                }
                out.write(buffer, 0, n);
                out.flush();
            }
            if (to instanceof SSLSocket) {
                to.close(); // TLS has no half-close
            } else {
                to.shutdownOutput();
            }
        } catch (IOException e) {
            // one side closed
        }
    }

    private static boolean contains(byte[] buffer, int length, byte[] wanted) {
        outer:
        for (int i = 0; i + wanted.length <= length; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (buffer[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
