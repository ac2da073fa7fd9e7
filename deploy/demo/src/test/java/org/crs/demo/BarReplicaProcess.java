package org.crs.demo;

import java.io.IOException;
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
import org.crs.bar.server.BarServerConfig;
import org.crs.demo.process.ServiceProcess;
import org.crs.service.tls.ClientAuth;

/**
 * One replica of a clustered BAR as a process of its own ({@link ServiceProcess} running
 * {@link BarMain}), on a configuration file this class writes: the replicas of one cluster share
 * their name, database and schedule, and differ only in their port.
 */
final class BarReplicaProcess implements AutoCloseable {

    /**
     * What the replicas share: their database, the services they call, and the certificates
     * they call them with (the site's BAR's).
     */
    record Cluster(String site, String jdbcUrl, String dbUser, URI campus, URI wan, Map<String, URI> peers,
                   Duration callTimeout, Duration negotiationHold, Duration setUpLead, Duration minimumDuration,
                   DemoCertificates certificates) {
    }

    private final ServiceProcess process;

    private BarReplicaProcess(ServiceProcess process) {
        this.process = process;
    }

    /** Starts a replica in {@code folder} (its configuration and log) and waits until it serves, at most {@code within}. */
    static BarReplicaProcess start(Cluster cluster, Path folder, Duration within) throws IOException {
        int port = freePort();
        int tlsPort = freePort();
        String name = "bar-" + cluster.site();
        DemoCertificates certificates = cluster.certificates();
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
                certificates.yaml(name, tlsPort, ClientAuth.OPTIONAL),
                "campus: {url: " + cluster.campus() + ", subject: '" + certificates.subject("lnsap-" + cluster.site()) + "'}",
                "wan: {url: " + cluster.wan() + ", subject: '" + certificates.subject("nsap") + "'}",
                "peers:",
                cluster.peers().entrySet().stream().map(e -> "  - {site: " + e.getKey() + ", url: " + e.getValue()
                                + ", subject: '" + certificates.subject("bar-" + e.getKey()) + "'}")
                        .collect(Collectors.joining("\n")),
                "callTimeout: " + cluster.callTimeout().toMillis() + "ms",
                "booking:",
                "  negotiationHold: " + cluster.negotiationHold().toMillis() + "ms",
                "  setUpLead: " + cluster.setUpLead().toMillis() + "ms",
                "  minimumDuration: " + cluster.minimumDuration().toMillis() + "ms",
                "")));
        try {
            // the replicas share one database: the first seeds the accounts, the others find them
            DemoAccounts.seed(BarServerConfig.FILE.load(config).serverConfig());
        } catch (org.crs.bar.reservation.BadRequest e) {
            throw new IllegalStateException("the demo's accounts were refused", e);
        }
        ServiceProcess p = ServiceProcess.of(name + "-" + port, BarMain.class.getName(), config, folder)
                .port(port).readyLine(ServiceProcess.SERVICE_READY).startTimeout(within)
                .jvmOption("-Xmx256m").jvmOption("-XX:TieredStopAtLevel=1"); // many JVMs on two cores: C1 only
        return new BarReplicaProcess(p.start());
    }

    /** The client port type, {@code /services/ReservationService}. */
    URI serviceUrl() {
        return URI.create("http://127.0.0.1:" + process.port() + "/services/ReservationService");
    }

    /** {@code kill -9}; returns when the signal was sent, once the process is gone. */
    Instant kill() {
        Instant at = Instant.now();
        process.kill();
        return at;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
