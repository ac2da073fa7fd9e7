package org.crs.service.soap.bench;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
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
import org.crs.service.soap.EchoBean;
import org.crs.service.soap.EchoService;
import org.crs.service.soap.SoapServer;
import org.crs.service.soap.SoapTimes;
import org.crs.service.soap.client.SoapClient;
import org.crs.service.soap.client.SoapRequest;

/**
 * The cost of one SOAP call through the runtime's server (Tomcat, Axis2 with the RPC message
 * receiver): concurrent clients send a bean of the size of a segment request and read the answer,
 * over kept-alive connections. Prints, per round, calls per second and this JVM's CPU time per
 * call (client and server together). Asserts nothing; the first rounds are the JIT's.
 *
 * <p>The caller is either the client the services call each other with ({@code client}:
 * {@link SoapClient}, which writes the request from the bean and reads the answer into one), or
 * Apache HttpClient posting a fixed envelope and reading the answer as a string ({@code http}:
 * the transport alone, the floor under the client).
 *
 * <pre>
 * mvn -o -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -pl service-runtime -am
 * java -cp service-runtime/target/test-classes:service-runtime/target/classes:$(cat service-runtime/target/cp.txt) \
 *     org.crs.service.soap.bench.EchoBenchmark [clients seconds-per-round rounds [client|http]]
 * </pre>
 */
public final class EchoBenchmark {

    private static final String NS = "urn:crs:test:echo:1";
    private static final String REQUEST = "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>"
            + "<e:echoBean xmlns:e='" + NS + "'><e:bean><e:count>42</e:count>"
            + "<e:name>site-a:bench-1:wan from host-a1 to host-b1</e:name>"
            + "<e:tags>core-1</e:tags><e:tags>core-2</e:tags><e:tags>core-3</e:tags>"
            + "<e:when>2026-11-22T10:00:00Z</e:when></e:bean></e:echoBean></s:Body></s:Envelope>";

    private static final Instant WHEN = Instant.parse("2026-11-22T10:00:00Z");

    private EchoBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        boolean throughClient = !(args.length > 3 && "http".equals(args[3]));
        try (SoapServer server = SoapServer.builder().port(0).service("Echo", NS, EchoApi.class, new EchoService()).start();
             CloseableHttpClient http = HttpClients.custom()
                     .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                             .setMaxConnPerRoute(clients).setMaxConnTotal(clients).build())
                     .build();
             SoapClient client = new SoapClient("echo", server.serviceUrl("Echo"), NS, Duration.ofSeconds(10), null)) {
            URI url = server.serviceUrl("Echo");
            Call call = throughClient ? () -> call(client) : () -> call(http, url);
            System.out.println("caller: " + (throughClient ? "SoapClient" : "Apache HttpClient, fixed envelope"));
            for (int round = 1; round <= rounds; round++) {
                round(call, clients, seconds, round);
            }
        }
        System.exit(0);
    }

    /** One call and the check of its answer. */
    private interface Call {
        void run() throws Exception;
    }

    private static void round(Call call, int clients, int seconds, int round) throws Exception {
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
                        call.run();
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

    private static void call(SoapClient client) throws Exception {
        EchoBean bean = new EchoBean();
        bean.setCount(42);
        bean.setName("site-a:bench-1:wan from host-a1 to host-b1");
        bean.setTags(new String[] {"core-1", "core-2", "core-3"});
        bean.setWhen(SoapTimes.calendar(WHEN));
        EchoBean answer = client.call(SoapRequest.of("echoBean").with("bean", bean), EchoBean.class);
        if (answer.getCount() != 43 || answer.getTags().length != 3) {
            throw new IllegalStateException("unexpected answer: count " + answer.getCount());
        }
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
