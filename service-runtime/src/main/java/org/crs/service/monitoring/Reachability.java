package org.crs.service.monitoring;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;

/**
 * Whether a TCP port answers: the probe {@code /health} makes of a provider (an L-NSAP, the
 * NSAP, a peer BAR) or a router's SSH port. A connect only: no request is sent, so a probe
 * changes nothing and needs no credentials.
 */
public final class Reachability {

    /** How long a probe waits for the connection. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);

    private Reachability() {
    }

    /** UP when {@code host:port} accepts a connection within {@code timeout}, DEGRADED otherwise. */
    public static Health.Result tcp(String host, int port, Duration timeout) {
        long t0 = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            return Health.Result.up(host + ":" + port + " accepted a connection in " + ms + " ms");
        } catch (IOException e) {
            return new Health.Result(Health.Status.DEGRADED, host + ":" + port + " not reachable: " + e.getMessage());
        }
    }

    /** {@link #tcp} on the host and port of an {@code http} or {@code https} URL. */
    public static Health.Result url(URI url, Duration timeout) {
        int port = url.getPort() > 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        return tcp(url.getHost(), port, timeout);
    }
}
