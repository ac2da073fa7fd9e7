package org.crs.demo.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiPublication;
import org.crs.bar.service.ReservationService;
import org.crs.demo.Federation;
import org.crs.domain.nsi.Stp;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.NamesConnection;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * NSI reserve+commit throughput against one BAR, beside the BAR's own createReservation measured
 * right after it in the same run (docs/nsi.md, "Throughput"). The demo's two-site federation in
 * this JVM (its BARs, L-NSAPs and NSAP on HSQLDB files, the emulated routers), site-a's BAR an NSI
 * provider; the clients on the same cores:
 * <ol>
 *   <li>8 NSI requesters, each in turn: {@code reserve} host-a1 to host-a2 (a campus segment of
 *       site-a), wait for its {@code reserveConfirmed} at the requester's callback endpoint (an
 *       HTTP server of this JVM), {@code reserveCommit}, wait for {@code reserveCommitConfirmed}:
 *       completed reserve+commit cycles per second, and the cycle's p50 and p99;</li>
 *   <li>then 8 clients of the BAR's ReservationService calling {@code createReservation} for the
 *       same kind of booking (site-a:host-a1 to site-a:host-a2, held and committed in one call):
 *       creates per second.</li>
 * </ol>
 * Every booking has a minute of its own, ten minutes from the last, so that none is refused for a
 * busy port. The requesters sign in with a client certificate mapped to alice; the SOAP clients
 * as alice by HTTP Basic. Prints figures; asserts nothing.
 *
 * <pre>
 * mvn -o -q -pl deploy/demo -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp deploy/demo/target/test-classes:deploy/demo/target/classes:$(cat /tmp/cp.txt) \
 *     org.crs.demo.bench.NsiBenchmark [seconds-per-measurement [warm-up-seconds]]
 * </pre>
 */
public final class NsiBenchmark {

    static final String REQUESTER = "urn:ogf:network:bench.crs.example:2026:nsa";
    static final String PROVIDER = "urn:ogf:network:site-a.crs.example:2026:nsa";
    static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology:";
    static final int CLIENTS = 8;
    /** How long a requester waits for a callback before it counts the cycle failed. */
    static final Duration CALLBACK_WAIT = Duration.ofSeconds(30);

    private NsiBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Duration run = Duration.ofSeconds(args.length > 0 ? Integer.parseInt(args[0]) : 30);
        Duration warmUp = Duration.ofSeconds(args.length > 1 ? Integer.parseInt(args[1]) : 60);
        Path repository = repository();
        SiteStps stps = SiteStps.of(CampusTopologyFile.load(repository.resolve("deploy/topology/site-a-campus.yaml")),
                new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of()));
        NsiPublication nsi = new NsiPublication(stps, Optional.empty(), new NsiRequesters(Map.of(REQUESTER, "alice")));
        Path data = Files.createTempDirectory("crs-nsi-bench");
        System.out.printf("NSI benchmark: %d clients, %d s per measurement after %d s of warm-up, %d cores, HSQLDB%n",
                CLIENTS, run.toSeconds(), warmUp.toSeconds(), Runtime.getRuntime().availableProcessors());
        try (Federation f = Federation.start(new Federation.Options(repository, Federation.Options.hsqldbFiles(data), false,
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)), Duration.ofSeconds(10),
                Clock.systemUTC()).withNsi("site-a", nsi));
             Callbacks callbacks = new Callbacks()) {
            BarServer bar = f.bar("site-a");
            String subject = "CN=nsi-bench,OU=Requesters,O=Demo";
            SSLContext tls = f.certificates().issueClient(subject, data);
            bar.accounts().mapCertificate(ReservationService.ITSELF,
                    new X500Principal(subject).getName(X500Principal.CANONICAL), "alice");
            URI url = URI.create("https://127.0.0.1:" + bar.tlsPort().orElseThrow() + "/NSI/services/ConnectionProvider");
            NsiClient provider = new NsiClient(url, Duration.ofSeconds(30), tls); // one for every requester: it pools
            AtomicInteger slot = new AtomicInteger();
            // NSI bookings from tomorrow, the SOAP ones from a hundred days on: never the same minutes
            Instant nsiBase = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
            Instant soapBase = nsiBase.plus(Duration.ofDays(100));

            measure("NSI reserve+commit warm-up", warmUp, () -> nsiCycle(provider, callbacks, slot, nsiBase));
            Result nsiResult = measure("NSI reserve+commit", run, () -> nsiCycle(provider, callbacks, slot, nsiBase));
            provider.close();
            BarBenchmark.SoapClient soap = new BarBenchmark.SoapClient(bar.serviceUrl());
            measure("createReservation warm-up", warmUp, () -> create(soap, slot, soapBase));
            Result soapResult = measure("createReservation", run, () -> create(soap, slot, soapBase));
            System.out.printf("%nsite-a's BAR, %d clients, host-a1 to host-a2:%n  %s%n  %s%n  NSI results with a"
                    + " correlation id no request was sent with (matched by their connection): %d%n", CLIENTS, nsiResult,
                    soapResult, callbacks.unknownCorrelations());
        }
        System.exit(0);
    }

    /** The repository root, found upwards from the working folder. */
    private static Path repository() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("deploy/emulator/demo-routers.yaml"))) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the repository");
    }

    /** One client's unit of work: true when it completed as it should. */
    @FunctionalInterface
    interface Cycle {
        boolean run() throws Exception;
    }

    record Result(String what, int completed, int failed, double perSecond, double p50Millis, double p99Millis) {
        @Override
        public String toString() {
            return String.format("%-20s %6.1f/s   p50 %7.1f ms   p99 %7.1f ms   (%d completed, %d failed)", what, perSecond,
                    p50Millis, p99Millis, completed, failed);
        }
    }

    /** Runs {@code cycle} on {@link #CLIENTS} threads for {@code run}, and prints and answers how it went. */
    private static Result measure(String what, Duration run, Cycle cycle) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        long deadline = System.nanoTime() + run.toNanos();
        AtomicInteger failed = new AtomicInteger();
        List<Future<List<Long>>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int c = 0; c < CLIENTS; c++) {
            futures.add(pool.submit(() -> {
                List<Long> latencies = new ArrayList<>();
                while (System.nanoTime() < deadline) {
                    long s = System.nanoTime();
                    boolean ok;
                    try {
                        ok = cycle.run();
                    } catch (Exception e) {
                        ok = false;
                        System.out.println("  " + what + ": " + e);
                    }
                    if (ok) {
                        latencies.add(System.nanoTime() - s);
                    } else {
                        failed.incrementAndGet();
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
        Result r = all.isEmpty() ? new Result(what, 0, failed.get(), 0, 0, 0)
                : new Result(what, all.size(), failed.get(), all.size() / seconds, all.get(all.size() / 2) / 1e6,
                        all.get((int) (all.size() * 0.99)) / 1e6);
        System.out.println(r);
        return r;
    }

    /** The next booking's minute: ten minutes after the one before, from {@code base}. */
    private static Instant nextStart(AtomicInteger slot, Instant base) {
        return base.plus(Duration.ofMinutes(10L * slot.getAndIncrement()));
    }

    // ---- NSI ----

    private static boolean nsiCycle(NsiClient client, Callbacks callbacks, AtomicInteger slot, Instant base)
            throws Exception {
        Instant start = nextStart(slot, base);
        NsiHeader reserveHeader = NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(callbacks.replyTo().toString()));
        CompletableFuture<NsiMessage> confirmed = callbacks.expect(reserveHeader.correlationId());
        String id = ((ReserveResponse) client.send(reserveHeader, Reserve.of(Optional.empty(), Optional.of("bench"),
                new Criteria(Optional.of(1), Schedule.between(start, start.plus(Duration.ofMinutes(1))), Optional.empty(),
                        Optional.of(P2ps.between(Stp.parse(NETWORK + "host-a1"), Stp.parse(NETWORK + "host-a2"), 1)))))
                .answer()).connectionId();
        if (!(callbacks.await(confirmed, id, ReserveConfirmed.ELEMENT) instanceof ReserveConfirmed)) {
            return false;
        }
        NsiHeader commitHeader = NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(callbacks.replyTo().toString()));
        CompletableFuture<NsiMessage> committed = callbacks.expect(commitHeader.correlationId());
        client.send(commitHeader, new ReserveCommit(id));
        return callbacks.await(committed, id, ReserveCommitConfirmed.ELEMENT) instanceof ReserveCommitConfirmed;
    }

    /**
     * The requesters' callback endpoint on 127.0.0.1: each result completes the wait registered
     * for its correlation id (before the request is sent: a result may come before its answer),
     * and the wait for its connection's message of its kind. A result whose correlation id no
     * request was sent with is counted: the requester can only match it by its connection.
     */
    static final class Callbacks implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService threads = Executors.newFixedThreadPool(4);
        private final Map<String, CompletableFuture<NsiMessage>> waiting = new ConcurrentHashMap<>();
        private final Map<String, CompletableFuture<NsiMessage>> byConnection = new ConcurrentHashMap<>();
        private final AtomicInteger unknownCorrelation = new AtomicInteger();

        Callbacks() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/requester", this::handle);
            server.setExecutor(threads);
            server.start();
        }

        URI replyTo() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/requester");
        }

        CompletableFuture<NsiMessage> expect(String correlationId) {
            return waiting.computeIfAbsent(correlationId, id -> new CompletableFuture<>());
        }

        /** The result of the request {@code result} waits for, or else connection {@code id}'s {@code element}. */
        NsiMessage await(CompletableFuture<NsiMessage> result, String id, String element) throws Exception {
            CompletableFuture<NsiMessage> either = result.applyToEither(of(id, element), m -> m);
            return either.get(CALLBACK_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }

        private CompletableFuture<NsiMessage> of(String connectionId, String element) {
            return byConnection.computeIfAbsent(connectionId + " " + element, k -> new CompletableFuture<>());
        }

        /** How many results came with a correlation id no request was sent with. */
        int unknownCorrelations() {
            return unknownCorrelation.get();
        }

        private void handle(HttpExchange exchange) throws IOException {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            byte[] answer;
            try {
                NsiEnvelope envelope = NsiXml.read(new String(body, StandardCharsets.UTF_8));
                NsiHeader header = envelope.header().orElseThrow();
                if (envelope.body() instanceof NsiMessage m) {
                    CompletableFuture<NsiMessage> request = waiting.get(header.correlationId());
                    if (request == null) {
                        unknownCorrelation.incrementAndGet();
                    } else {
                        request.complete(m);
                    }
                    if (m instanceof NamesConnection c) {
                        of(c.connectionId(), m.element()).complete(m);
                    }
                }
                answer = NsiXml.write(header.acknowledging(), new Acknowledgment()).getBytes(StandardCharsets.UTF_8);
            } catch (NsiPayloadException e) {
                exchange.sendResponseHeaders(400, -1);
                exchange.close();
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        }

        @Override
        public void close() {
            server.stop(0);
            threads.shutdownNow();
        }
    }

    // ---- the BAR's own createReservation ----

    private static boolean create(BarBenchmark.SoapClient bar, AtomicInteger slot, Instant base) throws Exception {
        Instant start = nextStart(slot, base);
        String answer = bar.call("createReservation", "<n:createReservation><n:requestId>bench-" + slot.get() + "-"
                + System.nanoTime() % 100000 + "</n:requestId><n:source>site-a:host-a1</n:source>"
                + "<n:destination>site-a:host-a2</n:destination><n:bandwidthMbps>1</n:bandwidthMbps><n:start>" + start
                + "</n:start><n:end>" + start.plus(Duration.ofMinutes(1)) + "</n:end><n:description>bench</n:description>"
                + "<n:holdOnly>false</n:holdOnly></n:createReservation>");
        return answer.contains(">RESERVED<");
    }
}
