package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.sessions.Session;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.schedule.Scheduling;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Replicas of site-a's BAR, each a JVM of its own ({@link BarReplicaProcess}), sharing one
 * clustered database and its Quartz schedule on a durable PostgreSQL (fsync, synchronous commit
 * and full-page writes on, as in production), beside the rest of a two-site federation as
 * {@link FederationTestBase} runs it (site-a's L-NSAP, the NSAP, site-b's BAR and L-NSAP, the
 * emulated routers) in this JVM. The federation's own BAR of site-a has a database of its own and
 * takes no part. Replicas run as processes because Quartz names its schedulers JVM-wide: two
 * replicas in one JVM could not share one schedule.
 */
class BarClusterTest {

    static final Duration LEAD = Duration.ofMillis(1500);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    static final Duration MINIMUM_DURATION = Duration.ofSeconds(2);
    static final Duration NEGOTIATION_HOLD = BarSettings.defaults().negotiationHold();
    static final Duration REPLICA_START = Duration.ofSeconds(120);
    /**
     * How soon another replica finishes a dead replica's activation: once the dead replica's lease
     * on its attempt has passed ({@code callTimeout} plus 5 s from the attempt's start), and once
     * Quartz has declared the dead node failed (its last check-in, every
     * {@link Scheduling#DEFAULT_CLUSTER_CHECKIN}, plus Quartz's fixed 7.5 s), for the dead node may
     * hold the sweep's trigger; then a round, and slack for a loaded machine (10 s: 21.9 s was
     * measured with a load average of 20 on two cores).
     */
    static final Duration TAKEOVER_BOUND = max(CALL_TIMEOUT.plusSeconds(5), Scheduling.DEFAULT_CLUSTER_CHECKIN.plusMillis(7500))
            .plusSeconds(10);
    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(MINIMUM_DURATION).withSetUpLead(LEAD);
    /** The moves of a circuit that came up once and went down once, in order ({@link #moves}). */
    static final List<String> RAN_ONCE = List.of("REQUESTED", "HELD", "RESERVED", "ACTIVATING", "ACTIVE", "RELEASING",
            "FINISHED");
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final AtomicInteger DAYS = new AtomicInteger(200);

    static EmbeddedPostgres pg;
    static Federation federation;
    /** Three replicas on one database, for the tests that kill none. */
    static final List<BarReplicaProcess> replicas = new ArrayList<>();
    final List<BarReplicaProcess> ownReplicas = new ArrayList<>();
    final List<AutoCloseable> proxies = new ArrayList<>();

    @BeforeAll
    static void startFederationAndReplicas() throws Exception {
        pg = EmbeddedPostgres.start(EmbeddedPostgres.Durability.DURABLE);
        Map<String, Federation.Database> databases = new ConcurrentHashMap<>();
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                name -> databases.computeIfAbsent(name, n -> new Federation.Database(pg.createDatabase(), EmbeddedPostgres.USER)),
                false, SETTINGS, CALL_TIMEOUT, Clock.systemUTC()));
        replicas.addAll(startReplicas(3, pg.createDatabase(), List.of()));
    }

    @AfterAll
    static void stopFederation() {
        replicas.forEach(BarReplicaProcess::close);
        replicas.clear();
        if (federation != null) {
            federation.close();
        }
        if (pg != null) {
            pg.close();
        }
    }

    @AfterEach
    void stopOwnReplicas() throws Exception {
        ownReplicas.forEach(BarReplicaProcess::close);
        for (AutoCloseable p : proxies) {
            p.close();
        }
        federation.emulator().routers().forEach(r -> r.faults().clear());
    }

    // ---- the behaviours ----

    @Test
    void aBookingMadeAtAnyReplicaIsSeenAtEveryReplica() throws Exception {
        for (int made = 0; made < replicas.size(); made++) {
            String id = newId();
            Instant start = freeDay();
            String answer = create(client(replicas, made), id, made + 1, start, start.plusSeconds(3600));
            assertEquals("RESERVED", state(answer), answer);
            for (int seen = 0; seen < replicas.size(); seen++) {
                assertEquals("RESERVED", state(call(client(replicas, seen), "getReservation", id)),
                        "made at " + made + ", read at " + seen);
            }
        }
    }

    @Test
    void everyDueActivationAndTearDownRunsOnceAcrossThreeReplicas() throws Exception {
        long edgeA = lastSessionId("edge-a");
        long edgeB = lastSessionId("edge-b");
        // Three bookings at once, one at each replica, all starting together: far enough ahead for
        // a loaded machine, where a booking took up to 10 s (at a load average of 40 on two cores).
        Instant start = soon(Duration.ofSeconds(30));
        List<String> ids = new ArrayList<>();
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            String id = newId();
            int replica = i;
            ids.add(id);
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return create(client(replicas, replica), id, replica + 1, start, start.plusSeconds(3));
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }));
        }
        for (CompletableFuture<String> a : answers) {
            assertEquals("RESERVED", state(a.join()), a.join());
        }
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            String finished = waitFor(client(replicas, (i + 1) % 3), id, Set.of("FINISHED", "FAILED"), Duration.ofSeconds(60));
            assertEquals("FINISHED", state(finished), finished);
            assertEquals(RAN_ONCE, moves(client(replicas, (i + 2) % 3), id), id);
        }
        // On each site's edge router, each circuit's set-up went out in exactly one SSH session and
        // its removal in exactly one, and no session went without one: set-ups queued for a busy
        // router share one session (a batch), so there may be fewer set-up sessions than circuits,
        // but a second activation or tear-down, even of a circuit already up or gone, would log in
        // again (one more session) or repeat a circuit's commands.
        for (String router : List.of("edge-a", "edge-b")) {
            List<Session> sessions = sessionsSince(router, router.equals("edge-a") ? edgeA : edgeB);
            String site = router.equals("edge-a") ? "site-a" : "site-b";
            List<String> ports = new ArrayList<>();
            for (int pair = 1; pair <= ids.size(); pair++) {
                ports.add(hostPort(site, pair));
            }
            int setUpBatches = 0;
            int tearDowns = 0;
            for (Session s : sessions) {
                Map<String, Integer> setUps = circuitChanges(s, "switchport access vlan ");
                Map<String, Integer> removals = circuitChanges(s, "no switchport access vlan");
                System.out.printf("%s session %d: set up %s, removed %s%n", router, s.id(), setUps.keySet(), removals.keySet());
                assertTrue(ports.containsAll(setUps.keySet()) && ports.containsAll(removals.keySet()),
                        router + " session " + s.id() + " changed only these circuits' ports " + ports + ": " + s.commands());
                assertTrue(setUps.isEmpty() != removals.isEmpty(),
                        router + " session " + s.id() + " either set up or removed circuits, not both nor neither: " + s.commands());
                assertTrue(setUps.values().stream().allMatch(n -> n == 1) && removals.values().stream().allMatch(n -> n == 1),
                        router + " session " + s.id() + " repeats a circuit: " + s.commands());
                setUpBatches += setUps.isEmpty() ? 0 : 1;
                tearDowns += removals.isEmpty() ? 0 : 1;
            }
            for (String port : ports) {
                assertEquals(1, sessions.stream().filter(s -> circuitChanges(s, "switchport access vlan ").containsKey(port))
                        .count(), "sessions on " + router + " setting up the circuit on " + port);
                assertEquals(1, sessions.stream().filter(s -> circuitChanges(s, "no switchport access vlan").containsKey(port))
                        .count(), "sessions on " + router + " removing the circuit on " + port);
            }
            assertEquals(ids.size(), tearDowns, "one tear-down session per circuit on " + router);
            assertEquals(setUpBatches + tearDowns, sessions.size(), "sessions on " + router + ": one per set-up batch and "
                    + "one per tear-down, and no other");
        }
    }

    @Test
    @Tag("cluster")
    void aReplicaKilledMidActivationLeavesTheActivationToAnother() throws Exception {
        URI campus = federation.lnsap("site-a").serviceUrl();
        List<WatchingProxy> watches = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            WatchingProxy watch = new WatchingProxy(campus.getPort(), "activate", federation.certificates(), "lnsap-site-a",
                    "bar-site-a");
            proxies.add(watch);
            watches.add(watch);
        }
        ownReplicas.addAll(startReplicas(2, pg.createDatabase(), watches));
        String id = newId();
        Instant start = soon(Duration.ofSeconds(8));
        String reserved = create(client(ownReplicas, 0), id, 1, start, start.plusSeconds(20));
        assertEquals("RESERVED", state(reserved), reserved);
        long edgeA = lastSessionId("edge-a");
        // Twenty answers of edge-a 150 ms late: its part of the activation takes some seconds more,
        // so the kill lands while the replica waits for the L-NSAP.
        federation.emulator().router("edge-a").faults().slowResponses(Duration.ofMillis(150), 20);

        int activating = awaitActivateCall(watches, Duration.ofSeconds(20));
        awaitOpenSession("edge-a", edgeA, Duration.ofSeconds(15));
        Instant killed = ownReplicas.get(activating).kill();
        assertTrue(openAt(sessionsSince("edge-a", edgeA), killed), "edge-a was being configured at the kill");
        assertEquals("ACTIVATING", state(call(client(ownReplicas, 1 - activating), "getReservation", id)));

        RawSoap survivor = client(ownReplicas, 1 - activating);
        waitFor(survivor, id, Set.of("ACTIVE"), Duration.ofSeconds(60));
        Duration takeover = Duration.between(killed, Instant.now());
        System.out.printf("takeover: replica killed mid-activation, reservation ACTIVE at the survivor %d ms later "
                + "(callTimeout %d s, bound %d s)%n", takeover.toMillis(), CALL_TIMEOUT.toSeconds(), TAKEOVER_BOUND.toSeconds());
        assertTrue(takeover.compareTo(TAKEOVER_BOUND) < 0, "took over in " + takeover);

        String finished = waitFor(survivor, id, Set.of("FINISHED", "FAILED"), Duration.ofSeconds(40));
        assertEquals("FINISHED", state(finished), finished);
        assertEquals(RAN_ONCE, moves(survivor, id));
        List<Session> sessions = sessionsSince("edge-a", edgeA);
        String port = hostPort("site-a", 1);
        assertEquals(2, sessions.size(), "edge-a configured once and cleared once: " + sessions);
        assertEquals(Map.of(port, 1), circuitChanges(sessions.get(0), "switchport access vlan "), "set up once");
        assertEquals(Map.of(port, 1), circuitChanges(sessions.get(1), "no switchport access vlan"), "removed once");
    }

    // ---- replicas ----

    /**
     * Starts {@code count} replicas of site-a's BAR on one database, at once; replica i calls its
     * L-NSAP through {@code campusProxies.get(i)} when there is one.
     */
    static List<BarReplicaProcess> startReplicas(int count, String database, List<WatchingProxy> campusProxies)
            throws Exception {
        URI campus = federation.lnsap("site-a").serviceUrl();
        List<CompletableFuture<BarReplicaProcess>> starting = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            URI campusUrl = i < campusProxies.size() ? campusProxies.get(i).in(campus) : campus;
            Path folder = Files.createTempDirectory(Path.of("target"), "bar-replica-" + i + "-");
            BarReplicaProcess.Cluster cluster = new BarReplicaProcess.Cluster("site-a", database, EmbeddedPostgres.USER,
                    campusUrl, federation.nsap().serviceUrl(), Map.of("site-b", federation.peerUrl("site-b")),
                    CALL_TIMEOUT, NEGOTIATION_HOLD, LEAD, MINIMUM_DURATION, federation.certificates());
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return BarReplicaProcess.start(cluster, folder, REPLICA_START);
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }));
        }
        List<BarReplicaProcess> started = new ArrayList<>();
        for (CompletableFuture<BarReplicaProcess> f : starting) {
            started.add(f.join());
        }
        return started;
    }

    static RawSoap client(List<BarReplicaProcess> replicas, int replica) {
        return new RawSoap(replicas.get(replica).serviceUrl(), BarServer.NAMESPACE).as("alice", DemoAccounts.password("alice"));
    }

    /** Which replica's watch saw the activate call first. */
    static int awaitActivateCall(List<WatchingProxy> watches, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < watches.size(); i++) {
                if (watches.get(i).seen() != null) {
                    return i;
                }
            }
            Thread.sleep(10);
        }
        return fail("no replica called activate within " + within);
    }

    // ---- the client's side ----

    static String newId() {
        return "cluster-" + IDS.incrementAndGet() + "-" + System.nanoTime() % 100000;
    }

    static Instant freeDay() {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(DAYS.incrementAndGet()));
    }

    static Instant soon(Duration after) {
        return Instant.now().plus(after).truncatedTo(ChronoUnit.MILLIS);
    }

    /** A cross-site circuit from host-a{pair} to host-b{pair}. */
    static String create(RawSoap bar, String id, int pair, Instant start, Instant end) throws Exception {
        return bar.call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:host-a" + pair + "</n:source><n:destination>site-b:host-b" + pair + "</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + end
                + "</n:end><n:description>cluster test</n:description><n:holdOnly>false</n:holdOnly></n:createReservation>");
    }

    static String call(RawSoap bar, String operation, String id) throws Exception {
        return bar.call(operation, "<n:" + operation + "><n:requestId>" + id + "</n:requestId></n:" + operation + ">");
    }

    static String state(String answer) {
        return FederationTestBase.state(answer);
    }

    static String waitFor(RawSoap bar, String id, Set<String> states, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String answer;
        do {
            answer = call(bar, "getReservation", id);
            if (states.contains(state(answer))) {
                return answer;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return fail("reservation " + id + " not in " + states + " within " + within + ": " + answer);
    }

    /**
     * The states the reservation moved to, oldest first. A note in the history keeps the state
     * (an attempt that did not reach every part yet, tried again: ACTIVATING to ACTIVATING) and
     * is no move; whether a part was configured twice is what the routers' sessions tell.
     */
    static List<String> moves(RawSoap bar, String id) throws Exception {
        Matcher m = Pattern.compile("<(?:\\w+:)?toState>([A-Z_]+)</").matcher(call(bar, "getHistory", id));
        List<String> states = new ArrayList<>();
        while (m.find()) {
            if (states.isEmpty() || !states.get(states.size() - 1).equals(m.group(1))) {
                states.add(m.group(1));
            }
        }
        return states;
    }

    static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    // ---- what the routers saw ----

    static long lastSessionId(String router) {
        List<Session> all = federation.emulator().router(router).sessions();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
    }

    static List<Session> sessionsSince(String router, long lastId) {
        return federation.emulator().router(router).sessions().stream().filter(s -> s.id() > lastId).toList();
    }

    /** Waits until the router has a session open that began after {@code lastId}. */
    static void awaitOpenSession(String router, long lastId, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (sessionsSince(router, lastId).stream().anyMatch(s -> !s.isClosed())) {
                return;
            }
            Thread.sleep(5);
        }
        fail("no session opened on " + router + " within " + within);
    }

    /**
     * How many times the session changed the access VLAN of each host port: for each
     * {@code interface <port>} block of the lines typed, the lines starting with {@code change}
     * ({@code "switchport access vlan "} for a set-up, {@code "no switchport access vlan"} for a
     * removal, as {@code Cisco7600CliDriver} sends them).
     */
    static Map<String, Integer> circuitChanges(Session session, String change) {
        Map<String, Integer> changes = new java.util.LinkedHashMap<>();
        String port = null;
        for (String typed : session.commands()) {
            String line = typed.strip();
            if (line.startsWith("interface ")) {
                port = line.substring("interface ".length()).strip();
            } else if (line.equals("exit") || line.equals("end")) {
                port = null;
            } else if (port != null && line.startsWith(change)) {
                changes.merge(port, 1, Integer::sum);
            }
        }
        return changes;
    }

    /** The edge router's port of {@code host-<a|b><pair>}, from the site's campus topology. */
    static String hostPort(String site, int pair) throws java.io.IOException {
        String host = "host-" + site.substring(site.length() - 1) + pair;
        Path topology = Path.of("../../deploy/topology/" + site + "-campus.yaml");
        Matcher m = Pattern.compile("\\{host: " + host + ", router: [\\w-]+, interface: ([\\w/]+),")
                .matcher(Files.readString(topology));
        if (!m.find()) {
            throw new IllegalStateException("no host port of " + host + " in " + topology);
        }
        return m.group(1);
    }

    static boolean openAt(List<Session> sessions, Instant at) {
        return sessions.stream().anyMatch(s -> !s.opened().isAfter(at) && (s.closed() == null || s.closed().isAfter(at)));
    }
}
