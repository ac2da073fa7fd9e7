package org.crs.demo.bench;

import static org.crs.bar.service.ReservationService.ITSELF;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.crs.bar.server.BarServer;
import org.crs.demo.Federation;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.bar.reservation.BarSettings;

/**
 * Measures the BAR over real SOAP in a two-site federation (both BARs, both L-NSAPs, the NSAP
 * and the emulated routers in this one JVM, on the same cores as the clients):
 * <ol>
 *   <li>on time: 20 cross-site bookings a few seconds ahead; how far from its booked start
 *       each circuit was up (the ACTIVE entry of its history: every segment configured and
 *       read back on its routers), median and worst;</li>
 *   <li>createReservation throughput for cross-site bookings (each one three segment holds
 *       and three commits, one of them through the peer BAR) at 1 and 8 concurrent clients,
 *       on HSQLDB and on a durable PostgreSQL (fsync, synchronous commit and full-page writes
 *       on, as in production; through its Unix socket, over the loopback with
 *       {@code postgresql-tcp}).</li>
 * </ol>
 * Prints figures; asserts nothing. Each throughput row also gives the CPU time per create of this
 * JVM (and of its JIT compiler) and of the rest of the machine, which on PostgreSQL is mostly the
 * database server.
 *
 * <pre>
 * mvn -o -q install -DskipTests -pl deploy/demo -am
 * mvn -o -pl deploy/demo test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.demo.bench.BarBenchmark [-Dexec.args="seconds-per-row [all|hsqldb|postgresql|postgresql-tcp [warm-up-seconds]]"]
 * </pre>
 */
public final class BarBenchmark {

    /**
     * Load before measuring (the third argument changes it): the federation in one JVM is much
     * code for the JIT on two cores, which compiles at 8 clients for about four minutes, at first
     * taking more CPU than the bookings. The warm-up prints each 30 s so that this shows.
     */
    private static Duration warmUpTime = Duration.ofSeconds(300);
    /** The default set-up lead: activation of three segments in parallel takes a few hundred ms. */
    private static final Duration LEAD = BarSettings.defaults().setUpLead();
    private static final int ON_TIME_BOOKINGS = 20;
    private static final int HOSTS = 4;

    private BarBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].startsWith("http")) {
            Duration run = Duration.ofSeconds(args.length > 1 ? Integer.parseInt(args[1]) : 10);
            warmUpTime = args.length > 2 ? Duration.ofSeconds(Integer.parseInt(args[2])) : warmUpTime;
            throughput("external", URI.create(args[0]), run, true);
            System.exit(0);
        }
        Duration run = Duration.ofSeconds(args.length > 0 ? Integer.parseInt(args[0]) : 10);
        String databases = args.length > 1 ? args[1] : "all";
        warmUpTime = args.length > 2 ? Duration.ofSeconds(Integer.parseInt(args[2])) : warmUpTime;
        System.out.printf("BAR benchmark, %d s per throughput configuration, %d cores%n", run.toSeconds(),
                Runtime.getRuntime().availableProcessors());
        if (!databases.startsWith("postgresql")) {
            Path data = Files.createTempDirectory("crs-bar-bench");
            try (Federation f = start(Federation.Options.hsqldbFiles(data))) {
                throughput("HSQLDB", f.bar("site-a").serviceUrl(), run, true);
                onTime(f);
            }
            try (Stream<Path> files = Files.walk(data)) { // some hundreds of megabytes after a run
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
        if (databases.equals("hsqldb")) {
            System.exit(0);
        }
        // Each service reaches the server, on the same host, by its Unix socket, as
        // docs/deployment.md advises; postgresql-tcp measures the loopback instead.
        boolean tcp = databases.equals("postgresql-tcp");
        // Durable, as production runs it: every commit is flushed to disk (fsync, synchronous_commit
        // and full_page_writes on), so the figure includes what durability costs.
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(EmbeddedPostgres.Durability.DURABLE)) {
            Map<String, Federation.Database> dbs = new ConcurrentHashMap<>();
            try (Federation f = start(name -> dbs.computeIfAbsent(name, n -> new Federation.Database(
                    tcp ? pg.createDatabase() : pg.createDatabaseOnUnixSocket(), EmbeddedPostgres.USER)))) {
                throughput(tcp ? "PG (TCP)" : "PostgreSQL", f.bar("site-a").serviceUrl(), run, true);
            }
        }
        System.exit(0);
    }

    private static Federation start(Function<String, Federation.Database> databases) throws Exception {
        return Federation.start(new Federation.Options(repository(), databases, false,
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)).withSetUpLead(LEAD),
                Duration.ofSeconds(10), Clock.systemUTC()));
    }

    /** The repository root, found upwards from the working folder (Maven runs this from the root or the module). */
    private static Path repository() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("deploy/emulator/demo-routers.yaml"))) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the repository");
    }

    // ---- on time ----

    private static void onTime(Federation f) throws Exception {
        SoapClient bar = new SoapClient(f.bar("site-a").serviceUrl());
        Instant first = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
        List<String> ids = new ArrayList<>();
        List<Instant> starts = new ArrayList<>();
        for (int i = 0; i < ON_TIME_BOOKINGS; i++) {
            // Host pairs in turn, 2.5 s apart, 2 s long: a pair's next booking starts 8 s after its last
            // ended, past the lead and the tear-down allowance its segments book around it.
            Instant start = first.plusMillis(2500L * i);
            String id = "on-time-" + i + "-" + System.nanoTime() % 100000;
            String answer = create(bar, id, i % HOSTS, 100, start, start.plusSeconds(2));
            if (!answer.contains(">RESERVED<")) {
                throw new IllegalStateException("not reserved: " + answer);
            }
            ids.add(id);
            starts.add(start);
        }
        Instant last = starts.get(starts.size() - 1).plusSeconds(4);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), last).toMillis()));
        List<Long> lateness = new ArrayList<>();
        int failed = 0;
        for (int i = 0; i < ids.size(); i++) {
            Instant up = null;
            for (ReservationTransition t : f.bar("site-a").service().history(ITSELF, ids.get(i))) {
                if (t.to() == ReservationState.ACTIVE) {
                    up = t.at();
                }
            }
            if (up == null) {
                failed++;
            } else {
                lateness.add(Duration.between(starts.get(i), up).toMillis());
            }
        }
        Collections.sort(lateness);
        System.out.printf("on time (HSQLDB, set-up lead %d ms, sweep every 250 ms): %d bookings, circuit up relative to the "
                        + "booked start: median %+d ms, earliest %+d ms, latest %+d ms; %d never up%n",
                LEAD.toMillis(), ids.size(), lateness.get(lateness.size() / 2), lateness.get(0),
                lateness.get(lateness.size() - 1), failed);
    }

    // ---- throughput ----

    private static void throughput(String name, URI bar, Duration run, boolean warmUp) throws Exception {
        AtomicInteger slot = new AtomicInteger();
        // Bookings of a minute in ten-minute slots, which a year ahead holds some 200,000 of; each run books
        // the two minutes of each slot its starting minute gives, so that runs against one long-lived
        // federation (an external one) do not collide within five minutes.
        Instant base = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1))
                .plus(Duration.ofMinutes(2 * (Instant.now().getEpochSecond() / 60 % 5)));
        if (warmUp) {
            // In slices, so that the output shows the JIT settling.
            for (long left = warmUpTime.toSeconds(); left > 0; left -= 30) {
                Result r = measure(bar, 8, Duration.ofSeconds(Math.min(30, left)), slot, base);
                System.out.printf("%-10s warm-up, 8 clients: %6.1f/s (%d not RESERVED)   CPU per create: %s%n", name,
                        r.perSecond(), r.notReserved(), r.cpu());
            }
        }
        for (int clients : new int[] {1, 8}) {
            measure(bar, clients, Duration.ofSeconds(5), slot, base);
            Result r = measure(bar, clients, run, slot, base);
            System.out.printf("%-10s %d client(s): %6.1f cross-site createReservation/s   p50 %6.1f ms   p99 %6.1f ms   "
                    + "(%d not RESERVED)   CPU per create: %s%n", name, clients, r.perSecond(), r.p50Millis(), r.p99Millis(),
                    r.notReserved(), r.cpu());
        }
    }

    private record Result(double perSecond, double p50Millis, double p99Millis, int notReserved, String cpu) {
    }

    /**
     * CPU time used so far by this JVM (the federation and the clients) and by the whole machine,
     * in nanoseconds; the machine's from /proc/stat, so -1 where there is none. The difference
     * over a run is the rest of the machine: the database server when it is PostgreSQL.
     */
    private record CpuTimes(long jvm, long jit, long machine) {
        static CpuTimes now() {
            long jvm = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
            long jit = ManagementFactory.getCompilationMXBean().getTotalCompilationTime() * 1_000_000L;
            long machine = -1;
            try {
                // cpu  user nice system idle iowait irq softirq steal ...: busy = user to softirq but idle
                // and iowait; steal is time a hypervisor gave to others, no work of this machine's
                String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long busy = 0;
                for (int i = 1; i < Math.min(f.length, 8); i++) {
                    busy += i == 4 || i == 5 ? 0 : Long.parseLong(f[i]);
                }
                machine = busy * (1_000_000_000L / 100); // USER_HZ is 100 on Linux
            } catch (IOException | RuntimeException e) {
                // not Linux: the JVM's figure alone
            }
            return new CpuTimes(jvm, jit, machine);
        }

        /**
         * Milliseconds per create since {@code before}: this JVM's (and how much of it the JIT
         * compiler's), and the rest of the machine's.
         */
        String perCreate(CpuTimes before, int creates) {
            double jvmMs = (jvm - before.jvm) / 1e6 / creates;
            String out = String.format("JVM %.1f ms (JIT %.1f ms)", jvmMs, (jit - before.jit) / 1e6 / creates);
            if (machine < 0) {
                return out;
            }
            double restMs = (machine - before.machine) / 1e6 / creates - jvmMs;
            return out + String.format(", rest of machine %.1f ms", Math.max(0, restMs));
        }
    }

    private static Result measure(URI url, int clients, Duration run, AtomicInteger slot, Instant base)
            throws Exception {
        SoapClient bar = new SoapClient(url);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long deadline = System.nanoTime() + run.toNanos();
        AtomicInteger notReserved = new AtomicInteger();
        List<Future<List<Long>>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        CpuTimes cpu0 = CpuTimes.now();
        for (int c = 0; c < clients; c++) {
            futures.add(pool.submit(() -> {
                List<Long> latencies = new ArrayList<>();
                while (System.nanoTime() < deadline) {
                    // Every booking its own slot on its host pair (a minute booked, and the lead and the
                    // tear-down allowance its segments book around it), so none is refused for a busy port.
                    int k = slot.getAndIncrement();
                    Instant start = base.plus(Duration.ofMinutes(10L * (k / HOSTS)));
                    long s = System.nanoTime();
                    String answer = create(bar, "bench-" + k + "-" + System.nanoTime() % 1000, k % HOSTS, 1, start,
                            start.plus(Duration.ofMinutes(1)));
                    latencies.add(System.nanoTime() - s);
                    if (!answer.contains(">RESERVED<")) {
                        notReserved.incrementAndGet();
                    }
                }
                return latencies;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> fu : futures) {
            all.addAll(fu.get());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        String cpu = CpuTimes.now().perCreate(cpu0, all.size());
        pool.shutdown();
        Collections.sort(all);
        return new Result(all.size() / seconds, all.get(all.size() / 2) / 1e6, all.get((int) (all.size() * 0.99)) / 1e6,
                notReserved.get(), cpu);
    }

    private static String create(SoapClient bar, String id, int hostPair, long mbps, Instant start, Instant end)
            throws Exception {
        int host = hostPair + 1;
        return bar.call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:host-a" + host + "</n:source><n:destination>site-b:host-b" + host + "</n:destination>"
                + "<n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + end
                + "</n:end><n:description>benchmark</n:description><n:holdOnly>false</n:holdOnly></n:createReservation>");
    }

    /**
     * The clients' SOAP calls: hand-written envelopes over Apache HttpClient's blocking API, which
     * costs the shared cores less than the JDK's client (see SoapSegmentController). NsiBenchmark
     * books with it too.
     */
    static final class SoapClient {
        private static final CloseableHttpClient HTTP = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(64).setMaxConnPerRoute(64).build())
                .disableAutomaticRetries().build();
        /** The benchmark books as the demo's alice, by HTTP Basic, as middleware would. */
        private static final String AUTHORIZATION = "Basic " + java.util.Base64.getEncoder().encodeToString(
                ("alice:" + org.crs.demo.DemoAccounts.password("alice")).getBytes(StandardCharsets.UTF_8));
        private final URI url;

        SoapClient(URI url) {
            this.url = url;
        }

        String call(String operation, String body) throws Exception {
            HttpPost post = new HttpPost(url);
            post.setHeader("SOAPAction", "urn:" + operation);
            post.setHeader("Authorization", AUTHORIZATION);
            post.setEntity(new StringEntity(RawSoap.envelope(body).replace(RawSoap.NS, BarServer.NAMESPACE),
                    ContentType.create("text/xml", StandardCharsets.UTF_8)));
            return HTTP.execute(post, r -> EntityUtils.toString(r.getEntity(), StandardCharsets.UTF_8));
        }
    }
}
