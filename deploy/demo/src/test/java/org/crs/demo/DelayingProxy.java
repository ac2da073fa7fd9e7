package org.crs.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;

/**
 * A TCP proxy on 127.0.0.1 that holds every new connection for a while before passing it on:
 * a peer that answers, but late.
 */
final class DelayingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final Duration delay;

    DelayingProxy(int targetPort, Duration delay) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.delay = delay;
        Thread acceptor = new Thread(this::accept, "delaying-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The same URL as {@code target}, through the proxy. */
    URI in(URI target) {
        return URI.create(target.toString().replace(":" + targetPort + "/", ":" + server.getLocalPort() + "/"));
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread t = new Thread(() -> relay(client), "delaying-proxy-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort)) {
            Thread.sleep(delay.toMillis());
            Thread back = new Thread(() -> pipe(target, client));
            back.setDaemon(true);
            back.start();
            pipe(client, target);
            back.join();
        } catch (IOException | InterruptedException e) {
            // the connection ends
        }
    }

    private static void pipe(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            in.transferTo(out);
            to.shutdownOutput();
        } catch (IOException e) {
            // one side closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
