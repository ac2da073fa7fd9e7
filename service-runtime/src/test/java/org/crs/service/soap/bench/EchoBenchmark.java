package org.crs.service.soap.bench;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.crs.service.soap.EchoApi;
import org.crs.service.soap.EchoService;
import org.crs.service.soap.SoapServer;

/**
 * The cost of one SOAP call through the runtime's server (Tomcat, Axis2 with the RPC message
 * receiver) from the HTTP client the services call each other with: concurrent clients send a
 * bean of the size of a segment request and read the answer, over kept-alive connections. Prints,
 * per round, calls per second and this JVM's CPU time per call (client and server together).
 * Asserts nothing; the first rounds are the JIT's.
 *
 * <pre>
 * mvn -o -q install -DskipTests -pl service-runtime -am
 * mvn -o -q -pl service-runtime exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.service.soap.bench.EchoBenchmark [-Dexec.args="clients seconds-per-round rounds"]
 * </pre>
 */
public final class EchoBenchmark {

    private static final String NS = "urn:crs:test:echo:1";
    private static final String REQUEST = "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>"
            + "<e:echoBean xmlns:e='" + NS + "'><e:bean><e:count>42</e:count>"
            + "<e:name>site-a:bench-1:wan from host-a1 to host-b1</e:name>"
            + "<e:tags>core-1</e:tags><e:tags>core-2</e:tags><e:tags>core-3</e:tags>"
            + "<e:when>2026-11-22T10:00:00Z</e:when></e:bean></e:echoBean></s:Body></s:Envelope>";

    private EchoBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        try (SoapServer server = SoapServer.builder().port(0).service("Echo", NS, EchoApi.class, new EchoService()).start();
             CloseableHttpClient http = HttpClients.custom()
                     .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                             .setMaxConnPerRoute(clients).setMaxConnTotal(clients).build())
                     .build()) {
            URI url = server.serviceUrl("Echo");
            for (int round = 1; round <= rounds; round++) {
                round(http, url, clients, seconds, round);
            }
        }
        System.exit(0);
    }

    private static void round(CloseableHttpClient http, URI url, int clients, int seconds, int round) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong calls = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        long cpuBefore = cpuNanos();
        long start = System.nanoTime();
        for (int i = 0; i < clients; i++) {
            Thread t = new Thread(() -> {
                try {
                    while (!stop.get()) {
                        call(http, url);
                        calls.incrementAndGet();
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    stop.set(true);
                }
            });
            t.start();
            threads.add(t);
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf("round %2d, %d clients: %6.0f calls/s   CPU per call %5.1f us%n", round, clients,
                calls.get() / elapsed, (cpuNanos() - cpuBefore) / 1e3 / calls.get());
    }

    private static void call(CloseableHttpClient http, URI url) throws Exception {
        HttpPost post = new HttpPost(url);
        post.setHeader("SOAPAction", "urn:echoBean");
        post.setEntity(new StringEntity(REQUEST, ContentType.create("text/xml", StandardCharsets.UTF_8)));
        String answer = http.execute(post, response -> EntityUtils.toString(response.getEntity()));
        if (!answer.contains("<ns:count>43</ns:count>")) {
            throw new IllegalStateException("unexpected answer: " + answer);
        }
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
