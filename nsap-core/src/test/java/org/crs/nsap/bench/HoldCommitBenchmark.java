package org.crs.nsap.bench;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.server.ServerConfig;

/**
 * Measures hold+commit pairs over SOAP against one NSAP with real bandwidth accounting (every
 * hold is admitted against the link's calendar in a locking transaction), at 1 and 8
 * concurrent clients, on HSQLDB (file, durable commits) and on PostgreSQL; and, in the same
 * run, the database's own commit rate for scale: a JDBC loop of single-row update
 * transactions at the same concurrency. Prints figures; asserts nothing.
 *
 * <pre>
 * mvn -o -q install -DskipTests -pl nsap-core -am
 * mvn -o -pl nsap-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.nsap.bench.HoldCommitBenchmark [-Dexec.args=10]
 * </pre>
 */
public final class HoldCommitBenchmark {

    private static final Duration WARM_UP = Duration.ofSeconds(45);

    private HoldCommitBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Duration run = Duration.ofSeconds(args.length > 0 ? Integer.parseInt(args[0]) : 10);
        System.out.printf("hold+commit over SOAP, %d s per configuration, %d cores%n", run.toSeconds(),
                Runtime.getRuntime().availableProcessors());
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("crs-bench");
        bench("HSQLDB", "jdbc:hsqldb:file:" + dir.resolve("db") + ";shutdown=true", "SA", run);
        try (EmbeddedPostgres pg = EmbeddedPostgres.start()) {
            bench("PostgreSQL", pg.createDatabase(), EmbeddedPostgres.USER, run);
        }
    }

    private static void bench(String name, String url, String user, Duration run) throws Exception {
        try (NsapServer server = NsapServer.start(new ServerConfig("nsap-bench", url, user, "", "127.0.0.1", 0, false),
                new OneLinkPlanner(), store -> NoRouters.INSTANCE, Clock.systemUTC())) {
            System.out.printf("%s: NSAP started in %d ms%n", name, server.startupTime().toMillis());
            // On two cores the JIT compiles for about half a minute before the figures settle.
            measure(name, server.serviceUrl(), 8, WARM_UP);
            for (int clients : new int[] {1, 8}) {
                measure(name, server.serviceUrl(), clients, Duration.ofSeconds(5));
                Result r = measure(name, server.serviceUrl(), clients, run);
                double dbRate = commitRate(server.database(), clients, run);
                System.out.printf("%-10s %d client(s): %7.1f hold+commit/s   p50 %6.2f ms   p99 %6.2f ms   "
                        + "(database alone: %8.1f single-row commits/s)%n",
                        name, clients, r.perSecond, r.p50Millis, r.p99Millis, dbRate);
            }
        }
    }

    private record Result(double perSecond, double p50Millis, double p99Millis) {
    }

    private static Result measure(String name, URI endpoint, int clients, Duration run) throws Exception {
        RawSoap soap = new RawSoap(endpoint);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long deadline = System.nanoTime() + run.toNanos();
        List<Future<List<Long>>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            int client = c;
            futures.add(pool.submit(() -> {
                List<Long> latencies = new ArrayList<>();
                Random random = new Random(client);
                Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofDays(1));
                while (System.nanoTime() < deadline) {
                    String id = "b-" + UUID.randomUUID();
                    // Spread over a month so that capacity rarely refuses; every hold is still admitted
                    // against the link's calendar.
                    Instant start = base.plus(Duration.ofMinutes(random.nextInt(30 * 24 * 60)));
                    long s = System.nanoTime();
                    String held = soap.call("hold", "<n:hold><n:request><n:bandwidthMbps>1</n:bandwidthMbps>"
                            + "<n:bookingId>" + id + "</n:bookingId><n:destination>y</n:destination>"
                            + "<n:destinationVlan>0</n:destinationVlan><n:end>" + start.plus(Duration.ofHours(1)) + "</n:end>"
                            + "<n:source>x</n:source><n:sourceVlan>0</n:sourceVlan><n:start>" + start + "</n:start>"
                            + "</n:request><n:holdSeconds>300</n:holdSeconds></n:hold>");
                    String committed = soap.call("commit",
                            "<n:commit><n:bookingId>" + id + "</n:bookingId></n:commit>");
                    latencies.add(System.nanoTime() - s);
                    if (!held.contains(">HELD<") || !committed.contains(">COMMITTED<")) {
                        throw new IllegalStateException("unexpected answer: " + held + " / " + committed);
                    }
                }
                return latencies;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> f : futures) {
            all.addAll(f.get());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();
        Collections.sort(all);
        return new Result(all.size() / seconds, all.get(all.size() / 2) / 1e6, all.get((int) (all.size() * 0.99)) / 1e6);
    }

    /** Single-row update transactions per second at the given concurrency, on the service's own database. */
    private static double commitRate(Database db, int clients, Duration run) throws Exception {
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS bench_counter (id INTEGER PRIMARY KEY, n BIGINT)");
            st.execute("DELETE FROM bench_counter");
            for (int i = 0; i < clients; i++) {
                st.execute("INSERT INTO bench_counter VALUES (" + i + ", 0)");
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long deadline = System.nanoTime() + run.toNanos();
        long t0 = System.nanoTime();
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int row = i;
            futures.add(pool.submit(() -> {
                long n = 0;
                try (Connection c = db.dataSource().getConnection();
                     PreparedStatement ps = c.prepareStatement("UPDATE bench_counter SET n = n + 1 WHERE id = ?")) {
                    c.setAutoCommit(false);
                    while (System.nanoTime() < deadline) {
                        ps.setInt(1, row);
                        ps.executeUpdate();
                        c.commit();
                        n++;
                    }
                }
                return n;
            }));
        }
        long total = 0;
        for (Future<Long> f : futures) {
            total += f.get();
        }
        pool.shutdown();
        return total / ((System.nanoTime() - t0) / 1e9);
    }
}
