package org.crs.demo.burst;

import static org.crs.bar.service.ReservationService.ITSELF;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.demo.DemoAccounts;
import org.crs.demo.Federation;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.device.Pace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * A burst: many cross-site circuits booked to start at one instant over the demo's routers (two
 * 7600 campus edges, three 12000 cores), each from its own host at site-a to its own host at
 * site-b, and how late each circuit was up.
 *
 * <p>The demo's campuses have four hosts each; a burst of {@code n} circuits needs {@code n} host
 * ports on each edge router. The lab writes a copy of the demo's inventory and topology with
 * {@code n} parked host ports per edge (GigabitEthernet1/1-48, 3/1-48, 4/1-48 ...), the uplinks,
 * VLANs, cores and WAN as in the demo, and runs the federation on it.
 *
 * <p>A circuit's lateness is the instant its reservation became ACTIVE (every segment configured,
 * saved and read back on its routers: the ACTIVE entry of its history) minus its booked start.
 */
public final class BurstLab {

    /** What the demo's campus host ports are: slot 2 holds the trunks. */
    private static final int[] HOST_SLOTS = {1, 3, 4, 5, 6, 7};
    private static final int PORTS_PER_SLOT = 48;

    private BurstLab() {
    }

    /**
     * The lateness of every circuit of one burst.
     *
     * @param circuits how many circuits were booked
     * @param latenessMillis each circuit that came up: ACTIVE minus booked start, sorted
     * @param neverUp circuits not ACTIVE when the lab stopped waiting
     * @param leadMillis how long before its start each circuit's activation began (ACTIVATING), sorted
     */
    public record Result(int circuits, List<Long> latenessMillis, int neverUp, List<Long> leadMillis) {

        public long median() {
            return at(0.5);
        }

        public long p99() {
            return at(0.99);
        }

        public long worst() {
            return latenessMillis.isEmpty() ? Long.MAX_VALUE : latenessMillis.get(latenessMillis.size() - 1);
        }

        private long at(double q) {
            if (latenessMillis.isEmpty()) {
                return Long.MAX_VALUE;
            }
            int i = (int) Math.ceil(q * latenessMillis.size()) - 1;
            return latenessMillis.get(Math.max(0, Math.min(latenessMillis.size() - 1, i)));
        }

        @Override
        public String toString() {
            return String.format("%d circuits: lateness median %+d ms, p99 %+d ms, worst %+d ms; %d never up;"
                    + " activation began %s ms before the start", circuits, median(), p99(), worst(), neverUp,
                    leadMillis.isEmpty() ? "-" : leadMillis.get(0) + " to " + leadMillis.get(leadMillis.size() - 1));
        }
    }

    /**
     * Books {@code circuits} cross-site circuits to start at one instant and waits until every one
     * is ACTIVE (or {@code patience} after the start).
     *
     * @param settings the BARs' settings: the set-up lead and plan under test
     * @param edgePace the pace of the two 7600s
     * @param corePace the pace of the three 12000s
     * @param callTimeout how long a BAR waits for an activation call: longer than the queue it may wait in
     */
    public static Result run(int circuits, BarSettings settings, Pace edgePace, Pace corePace, Duration callTimeout,
                             Duration patience) throws Exception {
        Path repository = repository(circuits);
        try (Federation f = Federation.start(new Federation.Options(repository,
                name -> new Federation.Database("jdbc:hsqldb:mem:burst-" + name + "-" + UUID.randomUUID() + ";hsqldb.tx=mvcc", "SA"),
                false, settings, callTimeout, Clock.systemUTC()))) {
            for (EmulatedRouter r : f.emulator().routers()) {
                r.device().pace(r.hostname().startsWith("edge") ? edgePace : corePace);
            }
            // Booking takes 100 to 400 ms a circuit here (more on a loaded machine); the start leaves
            // that, the set-up lead and a margin, so every circuit is booked before its set-up may begin.
            Instant start = Instant.now().plus(settings.setUpLead()).plusMillis(600L * circuits).plusSeconds(20)
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> ids = book(f, circuits, start, settings.setUpLead());
            return await(f, ids, start, patience);
        } finally {
            deleteTree(repository);
        }
    }

    private static List<String> book(Federation f, int circuits, Instant start, Duration setUpLead) throws Exception {
        RawSoap bar = new RawSoap(f.bar("site-a").serviceUrl(), BarServer.NAMESPACE).as("alice", DemoAccounts.password("alice"));
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> answers = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            for (int i = 1; i <= circuits; i++) {
                String id = "burst-" + circuits + "-" + i;
                int host = i;
                ids.add(id);
                answers.add(clients.submit(() -> bar.call("createReservation", "<n:createReservation><n:requestId>" + id
                        + "</n:requestId><n:source>site-a:host-a" + host + "</n:source><n:destination>site-b:host-b" + host
                        + "</n:destination><n:bandwidthMbps>4</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                        + start.plus(Duration.ofHours(1)) + "</n:end><n:description>burst</n:description>"
                        + "<n:holdOnly>false</n:holdOnly></n:createReservation>")));
            }
            for (Future<String> a : answers) {
                String answer = a.get();
                if (!answer.contains(">RESERVED<")) {
                    throw new IllegalStateException("a burst circuit was not reserved: " + answer);
                }
            }
            if (Instant.now().isAfter(start.minus(setUpLead))) {
                throw new IllegalStateException("booking took too long: the set-up lead of the burst had begun");
            }
            return ids;
        } finally {
            clients.shutdownNow();
        }
    }

    private static Result await(Federation f, List<String> ids, Instant start, Duration patience) throws Exception {
        Instant giveUp = start.plus(patience);
        Map<String, Long> up = new java.util.HashMap<>();
        Map<String, Long> lead = new java.util.HashMap<>();
        while (up.size() < ids.size() && Instant.now().isBefore(giveUp)) {
            Thread.sleep(1000);
            for (String id : ids) {
                if (!up.containsKey(id)) {
                    for (ReservationTransition t : f.bar("site-a").service().history(ITSELF, id)) {
                        if (t.to() == ReservationState.ACTIVE) {
                            up.put(id, Duration.between(start, t.at()).toMillis());
                        }
                        if (t.to() == ReservationState.ACTIVATING) {
                            lead.putIfAbsent(id, Duration.between(t.at(), start).toMillis());
                        }
                    }
                }
            }
        }
        List<Long> lateness = new ArrayList<>(up.values());
        Collections.sort(lateness);
        List<Long> leads = new ArrayList<>(lead.values());
        Collections.sort(leads);
        return new Result(ids.size(), List.copyOf(lateness), ids.size() - up.size(), List.copyOf(leads));
    }

    // ---- the demo with n hosts per campus ----

    /** A folder laid out as the repository is (deploy/emulator, deploy/topology) with {@code hosts} host pairs. */
    static Path repository(int hosts) throws IOException {
        Path demo = demoRepository();
        Path out = Files.createTempDirectory("crs-burst");
        Files.createDirectories(out.resolve("deploy/emulator"));
        Files.createDirectories(out.resolve("deploy/topology"));
        Files.copy(demo.resolve("deploy/topology/wan.yaml"), out.resolve("deploy/topology/wan.yaml"));
        for (String site : List.of("a", "b")) {
            String campus = Files.readString(demo.resolve("deploy/topology/site-" + site + "-campus.yaml"));
            StringBuilder ports = new StringBuilder("hostPorts:\n");
            for (int i = 1; i <= hosts; i++) {
                ports.append("  - {host: host-").append(site).append(i).append(", router: edge-").append(site)
                        .append(", interface: ").append(hostPort(i)).append(", capacityMbps: 1000}\n");
            }
            campus = campus.replaceFirst("(?s)hostPorts:\n(  - [^\n]*\n)+", ports.toString());
            Files.writeString(out.resolve("deploy/topology/site-" + site + "-campus.yaml"), campus);
        }
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        @SuppressWarnings("unchecked")
        Map<String, Object> inventory = yaml.readValue(demo.resolve("deploy/emulator/demo-routers.yaml").toFile(), Map.class);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> routers = (List<Map<String, Object>>) inventory.get("routers");
        for (Map<String, Object> r : routers) {
            if (!"7600".equals(String.valueOf(r.get("profile")))) {
                continue;
            }
            List<String> interfaces = new ArrayList<>();
            int slots = (hosts + PORTS_PER_SLOT - 1) / PORTS_PER_SLOT;
            for (int s = 0; s < Math.max(1, slots); s++) {
                interfaces.add("GigabitEthernet" + HOST_SLOTS[s] + "/1-" + PORTS_PER_SLOT);
            }
            interfaces.add("TenGigabitEthernet2/1-2");
            r.put("interfaces", interfaces);
            StringBuilder config = new StringBuilder(String.valueOf(r.get("config")));
            for (int i = 1; i <= hosts; i++) {
                String port = hostPort(i);
                if (!config.toString().contains("interface " + port + "\n")) {
                    config.append("interface ").append(port).append("\n switchport\n switchport mode access\n shutdown\n");
                }
            }
            r.put("config", config.toString());
        }
        yaml.writeValue(out.resolve("deploy/emulator/demo-routers.yaml").toFile(), inventory);
        return out;
    }

    /** Host {@code i}'s port on its edge router: GigabitEthernet1/1-48, then 3/1-48, 4/1-48 ... */
    static String hostPort(int i) {
        int slot = HOST_SLOTS[(i - 1) / PORTS_PER_SLOT];
        return "GigabitEthernet" + slot + "/" + ((i - 1) % PORTS_PER_SLOT + 1);
    }

    private static Path demoRepository() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("deploy/emulator/demo-routers.yaml"))) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the repository");
    }

    private static void deleteTree(Path root) throws IOException {
        try (var files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
