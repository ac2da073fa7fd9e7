package org.crs.demo;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.crs.bar.server.BarMain;

/**
 * One replica of a clustered BAR as a process of its own: {@link BarMain} in a new JVM, started
 * from a configuration file this class writes, stopped with SIGKILL ({@code kill -9}) as a
 * crashing machine would stop it. Its output goes to a file beside the configuration.
 */
final class BarReplicaProcess implements AutoCloseable {

    /** What the replicas share: their database, and the services they call. */
    record Cluster(String site, String jdbcUrl, String dbUser, URI campus, URI wan, Map<String, URI> peers,
                   Duration callTimeout, Duration negotiationHold, Duration setUpLead, Duration minimumDuration) {
    }

    private final Process process;
    private final int port;
    private final Path output;

    private BarReplicaProcess(Process process, int port, Path output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    /** Starts a replica in {@code folder} and waits until it answers SOAP, at most {@code within}. */
    static BarReplicaProcess start(Cluster cluster, Path folder, Duration within) throws Exception {
        int port = freePort();
        Files.createDirectories(folder);
        Path config = folder.resolve("bar.yaml");
        Files.writeString(config, String.join("\n", List.of(
                "name: bar-" + cluster.site(),
                "site: " + cluster.site(),
                "listen: {host: 127.0.0.1, port: " + port + "}",
                "database:",
                "  jdbcUrl: \"" + cluster.jdbcUrl() + "\"",
                "  user: " + cluster.dbUser(),
                "  password: \"\"",
                "  clustered: true",
                "campus: {url: " + cluster.campus() + "}",
                "wan: {url: " + cluster.wan() + "}",
                "peers:",
                cluster.peers().entrySet().stream().map(e -> "  - {site: " + e.getKey() + ", url: " + e.getValue() + "}")
                        .collect(Collectors.joining("\n")),
                "callTimeout: " + cluster.callTimeout().toMillis() + "ms",
                "booking:",
                "  negotiationHold: " + cluster.negotiationHold().toMillis() + "ms",
                "  setUpLead: " + cluster.setUpLead().toMillis() + "ms",
                "  minimumDuration: " + cluster.minimumDuration().toMillis() + "ms",
                "")));
        Path output = folder.resolve("bar.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), BarMain.class.getName(), config.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        BarReplicaProcess replica = new BarReplicaProcess(p, port, output);
        replica.awaitReady(within);
        return replica;
    }

    private void awaitReady(Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("BAR replica exited with " + process.exitValue() + ":\n" + Files.readString(output));
            }
            try {
                HttpURLConnection c = (HttpURLConnection) serviceUrl().resolve("ReservationService?wsdl").toURL().openConnection();
                c.setConnectTimeout(500);
                c.setReadTimeout(2000);
                if (c.getResponseCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("BAR replica not ready within " + within + ":\n" + Files.readString(output));
    }

    /** The client port type, {@code /services/ReservationService}. */
    URI serviceUrl() {
        return URI.create("http://127.0.0.1:" + port + "/services/ReservationService");
    }

    long pid() {
        return process.pid();
    }

    /** Sends SIGKILL, as {@code kill -9} does, and waits until the process is gone; returns when it was sent. */
    Instant kill() throws Exception {
        Instant at = Instant.now();
        Process kill = new ProcessBuilder("kill", "-9", String.valueOf(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -9 " + process.pid() + " failed");
        }
        process.waitFor();
        return at;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
