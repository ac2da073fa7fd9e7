package org.crs.nsap.campus;

import org.crs.nsap.contract.topology.CampusTopologyFile;
import static org.crs.nsap.testing.RawSoap.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.InProcessRouterLocks;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.sessions.Session;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of site-a's L-NSAP on one clustered PostgreSQL database, driving one emulated
 * edge router: two bookings on that router, activated and deactivated at the same moment one
 * through each replica, round after round. What the router saw (its SSH sessions and SNMP sets,
 * {@link org.crs.routers.emulator.EmulatedRouter#sessions()}) says whether the replicas ever
 * configured it at once.
 */
class CampusLnsapReplicasTest {

    static final int ROUNDS = 5;
    static final String ROUTER = "edge-a";

    static RouterEmulator emulator;
    static RouterDirectory routers;
    final List<NsapServer> replicas = new ArrayList<>();
    final List<DriverActivator> activators = new ArrayList<>();
    final ExecutorService clients = Executors.newFixedThreadPool(2);

    @BeforeAll
    static void startRouters() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts());
        routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
    }

    @AfterAll
    static void stopRouters() throws Exception {
        emulator.close();
    }

    @AfterEach
    void stop() {
        clients.shutdownNow();
        replicas.forEach(NsapServer::close);
        activators.forEach(DriverActivator::close);
    }

    /**
     * Starts two replicas on one new database.
     *
     * @param crossReplicaLocks false gives each replica locks of its own process only, as before
     *     replicas shared router locks
     */
    void startReplicas(boolean crossReplicaLocks) throws Exception {
        String url = EmbeddedPostgres.shared().createDatabase();
        CampusPlanner planner = new CampusPlanner(CampusTopologyFile.load(Path.of("../deploy/topology/site-a-campus.yaml")));
        for (int i = 0; i < 2; i++) {
            // Quartz names its schedulers JVM-wide, so replicas in one JVM cannot share a schedule's
            // name; the router locks, which this test is about, are the database's whatever the name.
            replicas.add(NsapServer.start(new ServerConfig("lnsap-site-a-" + i, url, EmbeddedPostgres.USER, "", "127.0.0.1", 0,
                    true), planner, (store, locks) -> {
                        DriverActivator a = new DriverActivator(routers, store, DriverActivator.DEFAULT_THREADS,
                                crossReplicaLocks ? locks : new InProcessRouterLocks());
                        activators.add(a);
                        return a;
                    }, Clock.systemUTC()));
        }
    }

    RawSoap replica(int i) {
        return new RawSoap(replicas.get(i).serviceUrl());
    }

    @Test
    void twoReplicasNeverConfigureOneRouterAtOnce() throws Exception {
        startReplicas(true);
        List<Session> sessions = runRounds();
        System.out.printf("two replicas, shared router locks: %d sessions on %s, %d overlapping pairs%n", sessions.size(),
                ROUTER, overlapping(sessions).size());
        assertTrue(sessions.size() >= 4 * ROUNDS, "each activation and tear-down logs in at least once: " + sessions);
        assertEquals(List.of(), overlapping(sessions));
    }

    @Test
    void withLocksOnlyWithinEachReplicaTheReplicasSessionsOnOneRouterOverlap() throws Exception {
        startReplicas(false);
        List<Session> sessions = runRounds();
        System.out.printf("two replicas, locks within each process only: %d sessions on %s, %d overlapping pairs%n",
                sessions.size(), ROUTER, overlapping(sessions).size());
        assertFalse(overlapping(sessions).isEmpty(), "no two sessions overlapped: " + sessions);
    }

    /**
     * Each round books host-a1 through one replica and host-a2 through the other, activates both
     * at once and deactivates both at once. Returns the sessions the router saw meanwhile.
     */
    List<Session> runRounds() throws Exception {
        long lastBefore = lastSessionId();
        CyclicBarrier together = new CyclicBarrier(2);
        for (int round = 0; round < ROUNDS; round++) {
            String[] ids = {"r" + round + "-a1-" + System.nanoTime() % 100000, "r" + round + "-a2-" + System.nanoTime() % 100000};
            for (int i = 0; i < 2; i++) {
                String held = hold(replica(i), ids[i], "host-a" + (i + 1));
                assertEquals("HELD", field(held, "state"), held);
                replica(i).call("commit", "<n:commit><n:bookingId>" + ids[i] + "</n:bookingId></n:commit>");
            }
            assertEquals(List.of("ACTIVE", "ACTIVE"), atOnce(together, ids, "activate"));
            assertEquals(List.of("RELEASED", "RELEASED"), atOnce(together, ids, "deactivate"));
        }
        return emulator.router(ROUTER).sessions().stream().filter(s -> s.id() > lastBefore).toList();
    }

    /** Calls the operation on ids[0] through replica 0 and on ids[1] through replica 1, released together. */
    List<String> atOnce(CyclicBarrier together, String[] ids, String operation) throws Exception {
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int r = i;
            answers.add(clients.submit(() -> {
                together.await(10, TimeUnit.SECONDS);
                return replica(r).call(operation, "<n:" + operation + "><n:bookingId>" + ids[r] + "</n:bookingId></n:"
                        + operation + ">");
            }));
        }
        List<String> states = new ArrayList<>();
        for (Future<String> a : answers) {
            String answer = a.get(60, TimeUnit.SECONDS);
            states.add(field(answer, "state") == null ? answer : field(answer, "state"));
        }
        return states;
    }

    static String hold(RawSoap replica, String id, String host) throws Exception {
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return replica.call("hold", "<n:hold><n:request><n:bandwidthMbps>100</n:bandwidthMbps><n:bookingId>" + id
                + "</n:bookingId><n:destination>site-a</n:destination><n:destinationVlan>0</n:destinationVlan>"
                + "<n:end>" + start.plus(Duration.ofHours(1)) + "</n:end><n:source>" + host + "</n:source>"
                + "<n:sourceVlan>0</n:sourceVlan><n:start>" + start + "</n:start></n:request>"
                + "<n:holdSeconds>60</n:holdSeconds></n:hold>");
    }

    static long lastSessionId() {
        List<Session> all = emulator.router(ROUTER).sessions();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
    }

    /** Every pair of sessions that were open at one instant, as "id/id". */
    static List<String> overlapping(List<Session> sessions) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < sessions.size(); i++) {
            for (int j = i + 1; j < sessions.size(); j++) {
                if (sessions.get(i).overlaps(sessions.get(j))) {
                    pairs.add(sessions.get(i).id() + "/" + sessions.get(j).id());
                }
            }
        }
        return pairs;
    }
}
