package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.service.tls.ClientAuth;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.demo.process.ServiceProcess;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.sessions.Session;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.schedule.Scheduling;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two replicas of site-a's L-NSAP, each a JVM of its own ({@link ServiceProcess} running
 * {@code LnsapMain}), sharing one clustered database on a durable PostgreSQL, in front of the
 * router emulator run in this JVM. The test calls them as a BAR behind a load balancer would,
 * through {@link SoapSegmentController}.
 */
class LnsapClusterTest {

    /** How long a segment stays ACTIVATING or DEACTIVATING, unchanged, before a replica takes it. */
    static final Duration STUCK_AFTER = Duration.ofSeconds(5);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    static final Duration REPLICA_START = Duration.ofSeconds(90);
    /** As the BAR retries an activation the part answers ACTIVATING, COMMITTED or not at all. */
    static final Duration RETRY_PAUSE = Duration.ofMillis(500);
    /**
     * How soon the surviving replica activates a dead replica's segment: the segment must first be
     * unchanged for {@link #STUCK_AFTER}; the stuck sweep, one clustered Quartz job, then runs
     * within {@link NsapServer#STUCK_SWEEP_PERIOD}, unless the dead replica had acquired its
     * trigger, which Quartz gives to the survivor once it declares the dead node failed (its last
     * check-in, every {@link Scheduling#DEFAULT_CLUSTER_CHECKIN}, plus Quartz's fixed 7.5 s); the
     * sweep rolls the segment back to COMMITTED, and the next retry activates it (one activation,
     * a few seconds with slack for a loaded machine).
     */
    static final Duration TAKEOVER_BOUND = STUCK_AFTER.plus(NsapServer.STUCK_SWEEP_PERIOD)
            .plus(Scheduling.DEFAULT_CLUSTER_CHECKIN).plusMillis(7500).plusSeconds(5);

    EmbeddedPostgres pg;
    RouterEmulator emulator;
    /** The replicas' shared database. */
    String database;
    final List<ServiceProcess> replicas = new ArrayList<>();
    final List<SoapSegmentController> controllers = new ArrayList<>();
    static final DemoCertificates CERTIFICATES = DemoCertificates.temporary();

    @BeforeEach
    void startEmulatorAndReplicas() throws Exception {
        pg = EmbeddedPostgres.start(EmbeddedPostgres.Durability.DURABLE);
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        emulator = RouterEmulator.start(Inventory.load(repository.resolve("deploy/emulator/demo-routers.yaml")).withAnyPorts());
        Path routerAccess = RouterAccessFile.writeTemporary(emulator, Set.of());
        database = pg.createDatabase();
        List<CompletableFuture<ServiceProcess>> starting = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path folder = Files.createTempDirectory(Path.of("target"), "lnsap-replica-" + i + "-");
            int port = freePort();
            Path config = folder.resolve("lnsap.yaml");
            Files.writeString(config, String.join("\n", List.of(
                    "name: lnsap-site-a",
                    "listen: {host: 127.0.0.1, port: " + port + "}",
                    "database:",
                    "  jdbcUrl: \"" + database + "\"",
                    "  user: " + EmbeddedPostgres.USER,
                    "  password: \"\"",
                    "  clustered: true",
                    "topology: \"" + repository.resolve("deploy/topology/site-a-campus.yaml") + "\"",
                    "routerAccess: \"" + routerAccess.toAbsolutePath() + "\"",
                    "stuckAfter: " + STUCK_AFTER.toMillis() + "ms",
                    // TLS only, answering site-a's BAR alone, as the demo's L-NSAPs do; no BAR is
                    // asked about orphans here (nothing listens at that address)
                    CERTIFICATES.yaml("lnsap-site-a", null, ClientAuth.REQUIRED),
                    "bars:",
                    "  - {site: site-a, url: \"https://127.0.0.1:" + freePort() + "/services/PeerService\", subject: '"
                            + CERTIFICATES.subject("bar-site-a") + "'}",
                    "orphanCheck: 1h",
                    "")));
            ServiceProcess p = ServiceProcess.of("lnsap-site-a-" + i, "org.crs.nsap.campus.LnsapMain", config, folder)
                    .port(port).readyLine(ServiceProcess.SERVICE_READY).startTimeout(REPLICA_START)
                    .jvmOption("-Xmx256m").jvmOption("-XX:TieredStopAtLevel=1");
            replicas.add(p);
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return p.start();
                } catch (RuntimeException e) {
                    throw new CompletionException(e);
                }
            }));
        }
        starting.forEach(CompletableFuture::join);
    }

    @AfterEach
    void stopAll() throws Exception {
        controllers.forEach(SoapSegmentController::close);
        replicas.forEach(ServiceProcess::kill);
        if (emulator != null) {
            emulator.close();
        }
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void aReplicaKilledMidActivationIsTakenOverByTheOther() throws Exception {
        SoapSegmentController first = controller(0);
        SoapSegmentController second = controller(1);
        String bookingId = "site-a:lnsap-cluster-" + System.nanoTime() % 100000 + ":campus";
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        SegmentAnswer committed = first.holdAndCommit(new SegmentOrder(bookingId, "host-a1", "site-a", 100,
                new TimeInterval(now.minusSeconds(60), now.plusSeconds(3600)), 0, 0));
        assertEquals(SegmentState.COMMITTED, committed.state());
        int vlan = Math.max(committed.sourceVlan(), committed.destinationVlan());
        assertTrue(vlan > 0, "a VLAN was chosen: " + committed);

        // Every answer of edge-a late: the activation takes several seconds, and the kill lands in it.
        emulator.router("edge-a").faults().slowResponses(Duration.ofMillis(400), 1000);
        long before = lastSessionId("edge-a");
        CompletableFuture<Void> interrupted = CompletableFuture.runAsync(() -> {
            try {
                first.activate(bookingId);
            } catch (SegmentFailure e) {
                // The replica dies under the call: no answer is the expected outcome.
                System.out.println("activation at the killed replica: " + e.getMessage());
            }
        });
        awaitState(second, bookingId, SegmentState.ACTIVATING, Duration.ofSeconds(15));
        awaitOpenSession("edge-a", before, Duration.ofSeconds(15));
        Instant killed = Instant.now();
        replicas.get(0).kill();
        emulator.router("edge-a").faults().clear();
        interrupted.join();

        SegmentAnswer answer = retryActivate(second, bookingId, Duration.ofSeconds(60));
        Duration takeover = Duration.between(killed, Instant.now());
        System.out.printf("takeover: L-NSAP replica killed mid-activation, segment ACTIVE at the other replica %d ms "
                + "later (stuckAfter %d s, sweep every %d s, bound %d s)%n", takeover.toMillis(), STUCK_AFTER.toSeconds(),
                NsapServer.STUCK_SWEEP_PERIOD.toSeconds(), TAKEOVER_BOUND.toSeconds());

        assertEquals(SegmentState.ACTIVE, answer.state());
        assertTrue(takeover.compareTo(TAKEOVER_BOUND) < 0, "took over in " + takeover);
        String config = emulator.router("edge-a").runningConfig();
        // The VLAN declared once, on host-a1's access port once, and allowed once on the uplink trunk.
        assertEquals(1, occurrences(config, "(?m)^vlan " + vlan + "$"), config);
        assertEquals(1, occurrences(config, "(?m)^ switchport access vlan " + vlan + "$"), config);
        assertEquals(1, occurrences(config, "(?m)^ switchport trunk allowed vlan (?:.*,)?" + vlan + "(?:,.*)?$"), config);
        assertEquals(3, occurrences(config, "\\b" + vlan + "\\b"), config);
        List<Transition> transitions = transitions(bookingId);
        transitions.forEach(t -> System.out.printf("  %+6d ms from the kill: %s -> %s by %s%n",
                Duration.between(killed, t.at()).toMillis(), t.from(), t.to(), t.actor()));
        List<SegmentState> history = transitions.stream().map(Transition::to).toList();
        int rolledBack = indexOfPair(history, SegmentState.ACTIVATING, SegmentState.COMMITTED);
        assertTrue(rolledBack >= 0, "rolled back: " + history);
        assertEquals(List.of(SegmentState.ACTIVATING, SegmentState.ACTIVE),
                history.subList(rolledBack + 2, history.size()), "activated again after the roll-back: " + history);
        List<Session> sessions = sessionsSince("edge-a", before);
        for (int i = 0; i < sessions.size(); i++) {
            for (int j = i + 1; j < sessions.size(); j++) {
                assertFalse(sessions.get(i).overlaps(sessions.get(j)), "sessions overlap: " + sessions);
            }
        }
    }

    // ---- the BAR's side ----

    SoapSegmentController controller(int replica) {
        URI url = URI.create("https://127.0.0.1:" + replicas.get(replica).port() + "/services/NsapService");
        SoapSegmentController c = new SoapSegmentController("lnsap-site-a-" + (replica + 1), url, NsapContract.NAMESPACE,
                CALL_TIMEOUT, CERTIFICATES.client("bar-site-a"));
        controllers.add(c);
        return c;
    }

    /** Calls activate every {@link #RETRY_PAUSE} until the segment is ACTIVE, as the BAR does. */
    static SegmentAnswer retryActivate(SoapSegmentController lnsap, String bookingId, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        SegmentAnswer last = null;
        while (System.nanoTime() < deadline) {
            last = lnsap.activate(bookingId);
            if (last.state() == SegmentState.ACTIVE) {
                return last;
            }
            if (last.state() != SegmentState.ACTIVATING && last.state() != SegmentState.COMMITTED) {
                return fail("activate answered " + last);
            }
            Thread.sleep(RETRY_PAUSE.toMillis());
        }
        return fail("not ACTIVE within " + within + ": " + last);
    }

    static void awaitState(SoapSegmentController lnsap, String bookingId, SegmentState state, Duration within)
            throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        SegmentAnswer last = null;
        while (System.nanoTime() < deadline) {
            last = lnsap.status(bookingId);
            if (last.state() == state) {
                return;
            }
            Thread.sleep(20);
        }
        fail("not " + state + " within " + within + ": " + last);
    }

    // ---- what the database and the routers saw ----

    /** The segment's history, oldest first, from the shared database. */
    List<Transition> transitions(String bookingId) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(database);
        ds.setUser(EmbeddedPostgres.USER);
        return new JdbcSegmentStore(ds).history(bookingId);
    }

    static int indexOfPair(List<SegmentState> states, SegmentState a, SegmentState b) {
        for (int i = 0; i + 1 < states.size(); i++) {
            if (states.get(i) == a && states.get(i + 1) == b) {
                return i;
            }
        }
        return -1;
    }

    /** How many times {@code regex} matches in {@code text}. */
    static int occurrences(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    long lastSessionId(String router) {
        List<Session> all = emulator.router(router).sessions();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
    }

    List<Session> sessionsSince(String router, long lastId) {
        return emulator.router(router).sessions().stream().filter(s -> s.id() > lastId).toList();
    }

    void awaitOpenSession(String router, long lastId, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (sessionsSince(router, lastId).stream().anyMatch(s -> !s.isClosed())) {
                return;
            }
            Thread.sleep(5);
        }
        fail("no session opened on " + router + " within " + within);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
