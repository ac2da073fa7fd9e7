package org.crs.demo.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP link on 127.0.0.1 that a test controls, in front of one service's port: it passes
 * traffic, delays every answer, swallows everything (a network that drops packets: the caller
 * waits until its own timeout), or refuses connections (nothing listens), and goes back to
 * passing when told. The target may be killed and restarted behind it: each new connection
 * connects to the target's port afresh.
 *
 * <p>A delay holds the first bytes of each burst the target sends back (a burst: bytes after
 * 50 ms without any), so an HTTP answer arrives {@code delay} late on a kept-alive connection
 * as on a new one, and each prompt of an SSH session does too.
 */
public final class LinkProxy implements AutoCloseable {

    /** What the link does with traffic now. */
    public enum Mode {
        /** Passes everything at once. */
        PASS,
        /** Passes everything, each burst from the target {@link #delay()} late. */
        DELAY,
        /** Passes everything, each new connection reaching the target {@link #delay()} late (a slow connection set-up). */
        SLOW_CONNECT,
        /** Accepts connections and swallows what is sent either way: nothing is answered. */
        BLACKHOLE,
        /** Nothing listens: connections are refused, and open ones are cut. */
        REFUSE
    }

    private static final long BURST_GAP_NANOS = Duration.ofMillis(50).toNanos();

    private final String name;
    private final int targetPort;
    private final int port;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private volatile Mode mode = Mode.PASS;
    private volatile Duration delay = Duration.ZERO;
    private ServerSocket server;
    private boolean closed;

    private LinkProxy(String name, int targetPort) throws IOException {
        this.name = Objects.requireNonNull(name, "name");
        this.targetPort = targetPort;
        this.server = listen(0);
        this.port = server.getLocalPort();
        acceptOn(server);
    }

    /** A link on a free port of 127.0.0.1 to {@code targetPort}, passing traffic. */
    public static LinkProxy to(String name, int targetPort) {
        try {
            return new LinkProxy(name, targetPort);
        } catch (IOException e) {
            throw new UncheckedIOException("link " + name + " did not open", e);
        }
    }

    public String name() {
        return name;
    }

    /** The port callers connect to. */
    public int port() {
        return port;
    }

    public int targetPort() {
        return targetPort;
    }

    public Mode mode() {
        return mode;
    }

    public Duration delay() {
        return delay;
    }

    /** The same URL as {@code target} (which must name the target's port), through this link. */
    public URI in(URI target) {
        if (target.getPort() != targetPort) {
            throw new IllegalArgumentException(target + " is not on port " + targetPort + " of link " + name);
        }
        return URI.create(target.toString().replaceFirst(":" + targetPort + "(?=/|$)", ":" + port));
    }

    /** Passes everything again at once. */
    public synchronized void pass() {
        set(Mode.PASS, Duration.ZERO);
    }

    /** Every burst the target sends back arrives {@code delay} late. */
    public synchronized void delay(Duration delay) {
        set(Mode.DELAY, Objects.requireNonNull(delay, "delay"));
    }

    /** Each new connection reaches the target {@code delay} late; open ones pass at once. */
    public synchronized void delayConnections(Duration delay) {
        set(Mode.SLOW_CONNECT, Objects.requireNonNull(delay, "delay"));
    }

    /** Swallows everything, on open connections and new ones, until told otherwise. */
    public synchronized void blackhole() {
        set(Mode.BLACKHOLE, Duration.ZERO);
    }

    /** Refuses connections and cuts the open ones, until told otherwise. */
    public synchronized void refuse() {
        set(Mode.REFUSE, Duration.ZERO);
    }

    private void set(Mode next, Duration nextDelay) {
        if (closed) {
            throw new IllegalStateException("link " + name + " is closed");
        }
        Mode before = mode;
        delay = nextDelay;
        mode = next;
        try {
            if (next == Mode.REFUSE && before != Mode.REFUSE) {
                server.close();
                connections.forEach(Connection::cut);
            } else if (next != Mode.REFUSE && before == Mode.REFUSE) {
                server = listen(port);
                acceptOn(server);
            }
            if (next == Mode.BLACKHOLE) {
                connections.forEach(Connection::swallow);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("link " + name + " could not switch to " + next, e);
        }
    }

    private static ServerSocket listen(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 100);
        return s;
    }

    private void acceptOn(ServerSocket socket) {
        Thread acceptor = new Thread(() -> accept(socket), "link-" + name);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Connection c = new Connection(client);
                connections.add(c);
                Thread t = new Thread(c::run, "link-" + name + "-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // the server socket closed: refusing, or closed
            }
        }
    }

    /** One caller's connection and, unless swallowed, its connection to the target. */
    private final class Connection {
        private final Socket client;
        private volatile Socket target;
        private volatile boolean swallowed;

        Connection(Socket client) {
            this.client = client;
        }

        void run() {
            try {
                if (mode == Mode.BLACKHOLE) {
                    swallowed = true;
                    drain(client.getInputStream());
                    return;
                }
                if (mode == Mode.SLOW_CONNECT) {
                    Thread.sleep(delay.toMillis());
                }
                target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                Thread back = new Thread(() -> pipe(target, client, true), "link-" + name + "-back");
                back.setDaemon(true);
                back.start();
                pipe(client, target, false);
                back.join();
            } catch (IOException e) {
                // the target does not listen (killed): the caller sees its connection closed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                cut();
                connections.remove(this);
            }
        }

        /** Once swallowing, a connection never passes anything again: its callers have given up on it. */
        void swallow() {
            swallowed = true;
        }

        void cut() {
            closeQuietly(client);
            if (target != null) {
                closeQuietly(target);
            }
        }

        private void pipe(Socket from, Socket to, boolean answers) {
            byte[] buffer = new byte[16384];
            long last = 0;
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (swallowed) {
                        continue;
                    }
                    long now = System.nanoTime();
                    if (answers && mode == Mode.DELAY && now - last > BURST_GAP_NANOS) {
                        Thread.sleep(delay.toMillis());
                    }
                    if (swallowed) {
                        continue;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                    last = System.nanoTime();
                }
                if (!swallowed) {
                    to.shutdownOutput();
                }
            } catch (IOException e) {
                cut(); // one side closed or was cut: end both
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cut();
            }
        }

        private void drain(InputStream in) throws IOException {
            byte[] buffer = new byte[16384];
            while (in.read(buffer) >= 0) {
                // swallowed
            }
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed: nothing more to release
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("link " + name + " did not close", e);
        } finally {
            connections.forEach(Connection::cut);
        }
    }

    @Override
    public String toString() {
        return "link " + name + " :" + port + " -> :" + targetPort + " " + mode
                +  (mode == Mode.DELAY || mode == Mode.SLOW_CONNECT ? " " + delay.toMillis() + " ms" : "");
    }
}
