package org.crs.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;

import javax.net.ssl.SSLContext;

/**
 * A TLS proxy on 127.0.0.1 in front of a service that speaks TLS, which passes everything on until
 * told to swallow: from then on every request still reaches the service, and its answer is
 * dropped, on the connections callers open and on those they keep open alike. The service acts
 * on what it is asked and its caller never hears back: a peer that does not answer, whose
 * requests were taken.
 */
final class SwallowingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final SSLContext towards;
    private volatile boolean swallowing;

    /**
     * @param as what the proxy ends its callers' TLS with (the service's own certificate, which they trust)
     * @param towards what it calls the service with (the callers' certificate, which the service knows)
     */
    SwallowingProxy(int targetPort, SSLContext as, SSLContext towards) throws IOException {
        this.server = as.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.towards = towards;
        Thread acceptor = new Thread(this::accept, "swallowing-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The same URL as {@code target}, through the proxy. */
    URI in(URI target) {
        return URI.create(target.toString().replace(":" + targetPort + "/", ":" + server.getLocalPort() + "/"));
    }

    /** Drops the service's answers from now on (true), or passes them on (false). */
    void swallow(boolean drop) {
        this.swallowing = drop;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> relay(client), "swallowing-proxy-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket target = towards.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), targetPort)) {
            Thread back = new Thread(() -> pipe(target, client, true));
            back.setDaemon(true);
            back.start();
            pipe(client, target, false);
            back.join();
        } catch (IOException | InterruptedException e) {
            // the connection ends
        }
    }

    private void pipe(Socket from, Socket to, boolean answers) {
        byte[] buffer = new byte[16 * 1024];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (!(answers && swallowing)) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
            to.close(); // TLS sockets cannot half-close: the other direction ends with this one
        } catch (IOException e) {
            // one side closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
