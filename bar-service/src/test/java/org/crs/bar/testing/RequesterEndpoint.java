package org.crs.bar.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiCallbackTransport;

/**
 * An NSI requester's callback endpoint on 127.0.0.1: a real HTTP server that answers each POST
 * with the next status of its script (200 once the script is used up) and keeps what it took.
 * And the transport that posts to it, as the wire layer will (the JDK's HTTP client, a quoted
 * SOAPAction, a deadline): 2xx delivered; 502, 503, 504 or no answer tried again; any other
 * answer (a SOAP fault is a 500) refused.
 */
public final class RequesterEndpoint implements AutoCloseable {

    /** The SOAPAction of every NSI operation, but for its last segment. */
    public static final String SOAP_ACTION_PREFIX = "http://schemas.ogf.org/nsi/2013/12/connection/service/";

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final Deque<Integer> script = new ConcurrentLinkedDeque<>();
    private final List<String> taken = Collections.synchronizedList(new ArrayList<>());
    private final List<String> posts = Collections.synchronizedList(new ArrayList<>());
    private volatile CountDownLatch held = new CountDownLatch(0);

    public RequesterEndpoint() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/NSI/services/ConnectionRequester", exchange -> {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            String action = exchange.getRequestHeaders().getFirst("SOAPAction");
            posts.add(action + " " + body);
            try {
                held.await(4, TimeUnit.SECONDS); // under the transport's 5 s: a slow requester, not a silent one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Integer scripted = script.pollFirst();
            int status = scripted == null ? 200 : scripted;
            if (status == 200) {
                taken.add(body);
            }
            byte[] answer = "<ack/>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    /** The URL requesters give as replyTo. */
    public URI replyTo() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/NSI/services/ConnectionRequester");
    }

    /** The next POSTs are answered with these statuses, in order. */
    public void answerNext(Integer... statuses) {
        script.addAll(List.of(statuses));
    }

    /** From now on it takes each POST but answers only once {@link #answerHeldPosts()} is called (or after 4 s). */
    public void holdAnswers() {
        held = new CountDownLatch(1);
    }

    /** Answers the POSTs {@link #holdAnswers()} holds, and those after at once. */
    public void answerHeldPosts() {
        held.countDown();
    }

    /** The envelopes it acknowledged, in order. */
    public List<String> taken() {
        return List.copyOf(taken);
    }

    /** Every POST it got, its SOAPAction header and body. */
    public List<String> posts() {
        return List.copyOf(posts);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    /** Posts callbacks as the wire layer does. */
    public static NsiCallbackTransport transport() {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        return (replyTo, kind, envelope) -> {
            HttpRequest request = HttpRequest.newBuilder(URI.create(replyTo)).timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "text/xml; charset=utf-8")
                    .header("SOAPAction", "\"" + SOAP_ACTION_PREFIX + kind.operation() + "\"")
                    .POST(HttpRequest.BodyPublishers.ofString(envelope, StandardCharsets.UTF_8)).build();
            try {
                int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status / 100 == 2) {
                    return new NsiCallbackTransport.Outcome.Delivered();
                }
                return status == 502 || status == 503 || status == 504
                        ? new NsiCallbackTransport.Outcome.NoAnswer("HTTP " + status)
                        : new NsiCallbackTransport.Outcome.Refused("HTTP " + status);
            } catch (IOException e) {
                return new NsiCallbackTransport.Outcome.NoAnswer(e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new NsiCallbackTransport.Outcome.NoAnswer("interrupted");
            }
        };
    }

    /** The SOAPAction a kind is posted with, quoted. */
    public static String soapAction(NsiMessageKind kind) {
        return "\"" + SOAP_ACTION_PREFIX + kind.operation() + "\"";
    }
}
