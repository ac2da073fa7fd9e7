package org.crs.demo.bench;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.crs.bar.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.demo.Federation;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.db.testing.EmbeddedPostgres;

/**
 * Measures the BAR over real SOAP in a two-site federation (both BARs, both L-NSAPs, the NSAP
 * and the emulated routers in this one JVM, on the same cores as the clients):
 * <ol>
 *   <li>on time: 20 cross-site bookings a few seconds ahead; how far from its booked start
 *       each circuit was up (the ACTIVE entry of its history: every segment configured and
 *       read back on its routers), median and worst;</li>
 *   <li>createReservation throughput for cross-site bookings (each one three segment holds
 *       and three commits, one of them through the peer BAR) at 1 and 8 concurrent clients,
 *       on HSQLDB and on PostgreSQL.</li>
 * </ol>
 * Prints figures; asserts nothing.
 *
 * <pre>
 * mvn -o -q install -DskipTests -pl deploy/demo -am
 * mvn -o -pl deploy/demo test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.demo.bench.BarBenchmark [-Dexec.args="10 hsqldb|postgresql"]
 * </pre>
 */
public final class BarBenchmark {

    /**
     * Load before measuring: the federation in one JVM is much code for the JIT on two cores, and
     * after 40 s it was still compiling at a quarter of the CPU.
     */
    private static final Duration WARM_UP = Duration.ofSeconds(90);
    /** The default set-up lead: activation of three segments in parallel takes a few hundred ms. */
    private static final Duration LEAD = BarSettings.defaults().setUpLead();
    private static final int ON_TIME_BOOKINGS = 20;
    private static final int HOSTS = 4;

    private BarBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].startsWith("http")) {
            Duration run = Duration.ofSeconds(args.length > 1 ? Integer.parseInt(args[1]) : 10);
            throughput("external", URI.create(args[0]), run, true);
            System.exit(0);
        }
        Duration run = Duration.ofSeconds(args.length > 0 ? Integer.parseInt(args[0]) : 10);
        String databases = args.length > 1 ? args[1] : "all";
        System.out.printf("BAR benchmark, %d s per throughput configuration, %d cores%n", run.toSeconds(),
                Runtime.getRuntime().availableProcessors());
        if (!databases.equals("postgresql")) {
            Path data = Files.createTempDirectory("crs-bar-bench");
            try (Federation f = start(Federation.Options.hsqldbFiles(data))) {
                throughput("HSQLDB", f.bar("site-a").serviceUrl(), run, true);
                onTime(f);
            }
        }
        if (databases.equals("hsqldb")) {
            System.exit(0);
        }
        try (EmbeddedPostgres pg = EmbeddedPostgres.start()) {
            Map<String, Federation.Database> dbs = new ConcurrentHashMap<>();
            try (Federation f = start(name -> dbs.computeIfAbsent(name,
                    n -> new Federation.Database(pg.createDatabase(), EmbeddedPostgres.USER)))) {
                throughput("PostgreSQL", f.bar("site-a").serviceUrl(), run, true);
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
            for (ReservationTransition t : f.bar("site-a").service().history(ids.get(i))) {
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
        // Bookings of a minute in two-hour slots; each run starts its slots at its own even minute, so that
        // runs against one long-lived federation (an external one) do not collide within an hour.
        Instant base = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(2))
                .plus(Duration.ofMinutes(2 * (Instant.now().getEpochSecond() / 60 % 60)));
        if (warmUp) {
            measure(bar, 8, WARM_UP, slot, base);
        }
        for (int clients : new int[] {1, 8}) {
            measure(bar, clients, Duration.ofSeconds(5), slot, base);
            Result r = measure(bar, clients, run, slot, base);
            System.out.printf("%-10s %d client(s): %6.1f cross-site createReservation/s   p50 %6.1f ms   p99 %6.1f ms   "
                    + "(%d not RESERVED)%n", name, clients, r.perSecond(), r.p50Millis(), r.p99Millis(), r.notReserved());
        }
    }

    private record Result(double perSecond, double p50Millis, double p99Millis, int notReserved) {
    }

    private static Result measure(URI url, int clients, Duration run, AtomicInteger slot, Instant base)
            throws Exception {
        SoapClient bar = new SoapClient(url);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long deadline = System.nanoTime() + run.toNanos();
        AtomicInteger notReserved = new AtomicInteger();
        List<Future<List<Long>>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            futures.add(pool.submit(() -> {
                List<Long> latencies = new ArrayList<>();
                while (System.nanoTime() < deadline) {
                    // Every booking its own two hours on its host pair (a minute booked, and the lead and the
                    // tear-down allowance its segments book around it), so none is refused for a busy port.
                    int k = slot.getAndIncrement();
                    Instant start = base.plus(Duration.ofHours(2L * (k / HOSTS)));
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
        pool.shutdown();
        Collections.sort(all);
        return new Result(all.size() / seconds, all.get(all.size() / 2) / 1e6, all.get((int) (all.size() * 0.99)) / 1e6,
                notReserved.get());
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
     * costs the shared cores less than the JDK's client (see SoapSegmentController).
     */
    private static final class SoapClient {
        private static final CloseableHttpClient HTTP = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(64).setMaxConnPerRoute(64).build())
                .disableAutomaticRetries().build();
        private final URI url;

        SoapClient(URI url) {
            this.url = url;
        }

        String call(String operation, String body) throws Exception {
            HttpPost post = new HttpPost(url);
            post.setHeader("SOAPAction", "urn:" + operation);
            post.setEntity(new StringEntity(RawSoap.envelope(body).replace(RawSoap.NS, BarServer.NAMESPACE),
                    ContentType.create("text/xml", StandardCharsets.UTF_8)));
            return HTTP.execute(post, r -> EntityUtils.toString(r.getEntity(), StandardCharsets.UTF_8));
        }
    }
}
