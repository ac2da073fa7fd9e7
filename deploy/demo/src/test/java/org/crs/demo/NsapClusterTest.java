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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.adapter.soap.SoapSegmentController;
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
import org.crs.service.tls.ClientAuth;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two replicas of the WAN NSAP, each a JVM of its own ({@link ServiceProcess} running
 * {@code NsapMain}), sharing one clustered database on a durable PostgreSQL, in front of the
 * router emulator run in this JVM (the demo's three core routers). The test calls them as a BAR
 * behind a load balancer would, through {@link SoapSegmentController}. The L-NSAP's replicas
 * are {@link LnsapClusterTest}; the BAR's, {@link BarClusterTest}.
 */
@Tag("cluster")
class NsapClusterTest {

    /** How long a segment stays ACTIVATING or DEACTIVATING, unchanged, before a replica takes it. */
    static final Duration STUCK_AFTER = LnsapClusterTest.STUCK_AFTER;
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    static final Duration REPLICA_START = Duration.ofSeconds(120);
    /** As for the L-NSAP: the stuck sweep, the dead node's failure detection by Quartz, one activation, slack. */
    static final Duration TAKEOVER_BOUND = LnsapClusterTest.TAKEOVER_BOUND;
    static final List<String> CORE_ROUTERS = List.of("core-1", "core-2", "core-3");
    /** The circuit's name on a 12000 (Cisco12000CliDriver): its pseudowire class is set up first and removed last. */
    static final Pattern PSEUDOWIRE_CLASS = Pattern.compile("pseudowire-class (LP-\\d+)");

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
            Path folder = Files.createTempDirectory(Path.of("target"), "nsap-replica-" + i + "-");
            int port = freePort();
            Path config = folder.resolve("nsap.yaml");
            Files.writeString(config, String.join("\n", List.of(
                    "name: nsap",
                    "listen: {host: 127.0.0.1, port: " + port + "}",
                    "database:",
                    "  jdbcUrl: \"" + database + "\"",
                    "  user: " + EmbeddedPostgres.USER,
                    "  password: \"\"",
                    "  clustered: true",
                    "topology: \"" + repository.resolve("deploy/topology/wan.yaml") + "\"",
                    "routerAccess: \"" + routerAccess.toAbsolutePath() + "\"",
                    "stuckAfter: " + STUCK_AFTER.toMillis() + "ms",
                    // TLS only, answering site-a's BAR alone; no BAR is asked about orphans here
                    // (nothing listens at that address)
                    CERTIFICATES.yaml("nsap", null, ClientAuth.REQUIRED),
                    "bars:",
                    "  - {site: site-a, url: \"https://127.0.0.1:" + freePort() + "/services/PeerService\", subject: '"
                            + CERTIFICATES.subject("bar-site-a") + "'}",
                    "orphanCheck: 1h",
                    "")));
            ServiceProcess p = ServiceProcess.of("nsap-" + i, "org.crs.nsap.wan.NsapMain", config, folder)
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
    void aReplicaKilledMidActivationIsTakenOverAndEachCoreRouterConfiguredOnceAndClearedOnce() throws Exception {
        SoapSegmentController first = controller(0);
        SoapSegmentController second = controller(1);
        String bookingId = "site-a:nsap-cluster-" + System.nanoTime() % 100000 + ":wan";
        Map<String, String> before = runningConfigs();
        Map<String, Long> lastSession = new LinkedHashMap<>();
        CORE_ROUTERS.forEach(r -> lastSession.put(r, lastSessionId(r)));
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        SegmentAnswer committed = first.holdAndCommit(new SegmentOrder(bookingId, "site-a", "site-b", 100,
                new TimeInterval(now.minusSeconds(60), now.plusSeconds(3600)), 0, 0));
        assertEquals(SegmentState.COMMITTED, committed.state());

        // Every answer of core-1 late: the activation takes several seconds there, and the kill lands in it.
        emulator.router("core-1").faults().slowResponses(Duration.ofMillis(400), 1000);
        CompletableFuture<Void> interrupted = CompletableFuture.runAsync(() -> {
            try {
                first.activate(bookingId);
            } catch (SegmentFailure e) {
                // The replica dies under the call: no answer is the expected outcome.
                System.out.println("activation at the killed replica: " + e.getMessage());
            }
        });
        LnsapClusterTest.awaitState(second, bookingId, SegmentState.ACTIVATING, Duration.ofSeconds(30));
        // Killed half-way through core-1's set-up: its pseudowire class typed, the rest not.
        awaitTypedInOpenSession("core-1", lastSession.get("core-1"), "pseudowire-class LP-", Duration.ofSeconds(60));
        Instant killed = Instant.now();
        replicas.get(0).kill();
        assertTrue(sessionsSince("core-1", lastSession.get("core-1")).stream().anyMatch(s -> !s.opened().isAfter(killed)
                && (s.closed() == null || !s.closed().isBefore(killed))), "core-1 was being configured at the kill");
        String partial = emulator.router("core-1").runningConfig();
        emulator.router("core-1").faults().clear();
        interrupted.join();

        SegmentAnswer active = LnsapClusterTest.retryActivate(second, bookingId, Duration.ofSeconds(90));
        Duration takeover = Duration.between(killed, Instant.now());
        System.out.printf("takeover: NSAP replica killed mid-activation (a session open on core-1), segment ACTIVE at the "
                + "other replica %d ms later (stuckAfter %d s, sweep every %d s, bound %d s)%n", takeover.toMillis(),
                STUCK_AFTER.toSeconds(), NsapServer.STUCK_SWEEP_PERIOD.toSeconds(), TAKEOVER_BOUND.toSeconds());
        assertEquals(SegmentState.ACTIVE, active.state());
        assertTrue(takeover.compareTo(TAKEOVER_BOUND) < 0, "took over in " + takeover);
        Instant up = Instant.now();

        Map<String, String> whileActive = runningConfigs();
        String circuit = circuitOf(whileActive, before);
        assertTrue(partial.contains("pseudowire-class " + circuit), "the dead replica left part of " + circuit + " on core-1");
        List<String> path = CORE_ROUTERS.stream().filter(r -> !whileActive.get(r).equals(before.get(r))).toList();
        assertTrue(path.contains("core-1") && path.contains("core-3"), "the circuit runs from core-1 to core-3: " + path);
        for (String router : path) {
            assertEquals(1, LnsapClusterTest.occurrences(whileActive.get(router), "(?m)^pseudowire-class " + circuit + "$"),
                    router + " carries " + circuit + " once:\n" + whileActive.get(router));
        }

        SegmentAnswer released = deactivate(second, bookingId, Duration.ofSeconds(60));
        assertEquals(SegmentState.RELEASED, released.state());
        assertEquals(before, runningConfigs(), "every core router as before the booking");

        List<SegmentState> history = transitions(bookingId).stream().map(Transition::to).toList();
        int rolledBack = LnsapClusterTest.indexOfPair(history, SegmentState.ACTIVATING, SegmentState.COMMITTED);
        assertTrue(rolledBack >= 0, "the dead replica's activation rolled back: " + history);
        assertEquals(List.of(SegmentState.ACTIVATING, SegmentState.ACTIVE, SegmentState.DEACTIVATING, SegmentState.RELEASED),
                history.subList(rolledBack + 2, history.size()), "activated once after the roll-back, then released: " + history);

        // What each router saw after the kill: what the dead replica left taken off (on a router it
        // had reached), the circuit configured exactly once, and removed exactly once at the release.
        for (String router : CORE_ROUTERS) {
            List<Session> sessions = sessionsSince(router, lastSession.get(router));
            sessions.forEach(s -> System.out.printf("%s session %d (%s the kill, %d lines): set up %d, removed %d%n", router,
                    s.id(), s.opened().isBefore(killed) ? "before" : "after", s.commands().size(), setUps(s, circuit),
                    removals(s, circuit)));
            for (int i = 0; i < sessions.size(); i++) {
                for (int j = i + 1; j < sessions.size(); j++) {
                    assertFalse(sessions.get(i).overlaps(sessions.get(j)), router + ": sessions overlap: " + sessions);
                }
            }
            List<Session> afterKill = sessions.stream().filter(s -> s.opened().isAfter(killed)).toList();
            List<Session> configured = afterKill.stream().filter(s -> setUps(s, circuit) > 0).toList();
            List<Session> clearedAtRelease = afterKill.stream().filter(s -> s.opened().isAfter(up) && removals(s, circuit) > 0)
                    .toList();
            if (path.contains(router)) {
                assertEquals(1, configured.size(), router + " configured once after the kill");
                Instant reconfigured = configured.get(0).opened();
                List<Session> rollBack = afterKill.stream().filter(s -> s.opened().isBefore(reconfigured) && removals(s, circuit) > 0)
                        .toList();
                assertTrue(rollBack.size() <= 1, router + ": what the dead replica left removed at most once: " + rollBack);
                if (router.equals("core-1")) {
                    assertEquals(1, rollBack.size(), "core-1: the dead replica's half set-up removed before the new one");
                }
                assertEquals(1, setUps(configured.get(0), circuit), router + " configured once in its session");
                assertEquals(1, clearedAtRelease.size(), router + " cleared once at the release");
                assertEquals(1, removals(clearedAtRelease.get(0), circuit), router + " cleared once in its session");
            } else {
                assertEquals(List.of(), sessions.stream().filter(s -> setUps(s, circuit) + removals(s, circuit) > 0).toList(),
                        router + " is off the path");
            }
        }
    }

    // ---- the BAR's side ----

    SoapSegmentController controller(int replica) {
        URI url = URI.create("https://127.0.0.1:" + replicas.get(replica).port() + "/services/NsapService");
        SoapSegmentController c = new SoapSegmentController("nsap-" + (replica + 1), url, NsapContract.NAMESPACE,
                CALL_TIMEOUT, CERTIFICATES.client("bar-site-a"));
        controllers.add(c);
        return c;
    }

    /** Calls deactivate until the segment is RELEASED, as the BAR does. */
    static SegmentAnswer deactivate(SoapSegmentController nsap, String bookingId, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        SegmentAnswer last = null;
        while (System.nanoTime() < deadline) {
            last = nsap.deactivate(bookingId);
            if (last.state() == SegmentState.RELEASED) {
                return last;
            }
            if (last.state() != SegmentState.DEACTIVATING && last.state() != SegmentState.ACTIVE) {
                return fail("deactivate answered " + last);
            }
            Thread.sleep(LnsapClusterTest.RETRY_PAUSE.toMillis());
        }
        return fail("not RELEASED within " + within + ": " + last);
    }

    // ---- what the database and the routers saw ----

    List<Transition> transitions(String bookingId) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(database);
        ds.setUser(EmbeddedPostgres.USER);
        return new JdbcSegmentStore(ds).history(bookingId);
    }

    Map<String, String> runningConfigs() {
        Map<String, String> configs = new LinkedHashMap<>();
        CORE_ROUTERS.forEach(r -> configs.put(r, emulator.router(r).runningConfig()));
        return configs;
    }

    /** The one circuit's name ({@code LP-<n>}) that the routers carry now and did not before. */
    static String circuitOf(Map<String, String> now, Map<String, String> before) {
        Set<String> names = new java.util.TreeSet<>();
        now.forEach((router, config) -> {
            Matcher m = PSEUDOWIRE_CLASS.matcher(config);
            while (m.find()) {
                if (!before.get(router).contains(m.group())) {
                    names.add(m.group(1));
                }
            }
        });
        assertEquals(1, names.size(), "one new circuit on the core routers: " + names);
        return names.iterator().next();
    }

    /** How many times the session typed the circuit's pseudowire class: its set-up. */
    static int setUps(Session s, String circuit) {
        return (int) s.commands().stream().filter(c -> c.strip().equals("pseudowire-class " + circuit)).count();
    }

    /** How many times the session removed the circuit's pseudowire class: its removal. */
    static int removals(Session s, String circuit) {
        return (int) s.commands().stream().filter(c -> c.strip().equals("no pseudowire-class " + circuit)).count();
    }

    long lastSessionId(String router) {
        List<Session> all = emulator.router(router).sessions();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
    }

    List<Session> sessionsSince(String router, long lastId) {
        return emulator.router(router).sessions().stream().filter(s -> s.id() > lastId).toList();
    }

    /** Waits until a session open on the router, begun after {@code lastId}, has typed a line starting with {@code typed}. */
    void awaitTypedInOpenSession(String router, long lastId, String typed, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (sessionsSince(router, lastId).stream().anyMatch(s -> !s.isClosed()
                    && s.commands().stream().anyMatch(c -> c.strip().startsWith(typed)))) {
                return;
            }
            Thread.sleep(5);
        }
        fail("no session open on " + router + " typed '" + typed + "' within " + within);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
