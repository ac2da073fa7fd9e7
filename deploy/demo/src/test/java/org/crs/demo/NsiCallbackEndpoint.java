package org.crs.demo;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.security.auth.x500.X500Principal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * An NSI requester's callback endpoint on 127.0.0.1 (the JDK's HTTP server): reads every POST as
 * an NSI envelope, keeps it, and acknowledges it with the callback's own header; or, while told
 * to, answers 503 as a requester that is down for a moment. {@link #overTls} serves HTTPS and
 * takes only callers with a client certificate of the authority its context trusts, keeping each
 * one's subject.
 */
final class NsiCallbackEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final List<NsiEnvelope> taken = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<String> refusals = new ConcurrentLinkedQueue<>();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private final List<String> soapActions = new CopyOnWriteArrayList<>();
    private final List<X500Principal> clientSubjects = new CopyOnWriteArrayList<>();

    NsiCallbackEndpoint() throws IOException {
        this(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
    }

    private NsiCallbackEndpoint(HttpServer server) {
        this.server = server;
        server.createContext("/requester", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /**
     * An endpoint at an {@code https://} replyTo, serving with {@code tls}'s certificate and
     * requiring a client certificate that {@code tls} trusts (the handshake fails without one).
     */
    static NsiCallbackEndpoint overTls(SSLContext tls) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls) {
            @Override
            public void configure(HttpsParameters parameters) {
                SSLParameters ssl = tls.getDefaultSSLParameters();
                ssl.setNeedClientAuth(true);
                parameters.setSSLParameters(ssl);
            }
        });
        return new NsiCallbackEndpoint(server);
    }

    URI replyTo() {
        String scheme = server instanceof HttpsServer ? "https" : "http";
        return URI.create(scheme + "://127.0.0.1:" + server.getAddress().getPort() + "/requester");
    }

    /** The subjects of the client certificates the callbacks came with (over TLS), in order. */
    List<X500Principal> clientSubjects() {
        return List.copyOf(clientSubjects);
    }

    /** The next POST of {@code operation} (a callback's element, {@code reserveConfirmed}) is answered 503. */
    void downForNext(String operation) {
        refusals.add(operation);
    }

    /** The bodies of the POSTs answered 503, in order. */
    List<String> refused() {
        return List.copyOf(refused);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        if (exchange instanceof HttpsExchange tls) {
            clientSubjects.add((X500Principal) tls.getSSLSession().getPeerPrincipal());
        }
        String action = String.valueOf(exchange.getRequestHeaders().getFirst("SOAPAction"));
        soapActions.add(action);
        if (refusals.removeIf(operation -> action.endsWith("/" + operation + "\""))) {
            refused.add(new String(body, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
            return;
        }
        byte[] answer;
        try {
            NsiEnvelope envelope = NsiXml.read(new String(body, StandardCharsets.UTF_8));
            taken.add(envelope);
            answer = NsiXml.write(envelope.header().orElseThrow().acknowledging(), new Acknowledgment())
                    .getBytes(StandardCharsets.UTF_8);
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

    /** Every callback taken, in order. */
    List<NsiEnvelope> taken() {
        return List.copyOf(taken);
    }

    /** The SOAPAction of every POST, in order. */
    List<String> soapActions() {
        return List.copyOf(soapActions);
    }

    /** The messages of connection {@code connectionId}'s callbacks, in order. */
    List<NsiMessage> of(String connectionId) {
        List<NsiMessage> out = new ArrayList<>();
        for (NsiEnvelope e : taken) {
            if (e.body() instanceof NsiMessage m && NsiProviderTest.connectionOf(m).filter(connectionId::equals).isPresent()) {
                out.add(m);
            }
        }
        return out;
    }

    /** Waits for a callback of the connection that {@code wanted} accepts, and answers it with its envelope. */
    <T extends NsiMessage> T await(String connectionId, Class<T> type, Predicate<T> wanted, Duration within)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(within);
        while (Instant.now().isBefore(deadline)) {
            Optional<T> found = of(connectionId).stream().filter(type::isInstance).map(type::cast).filter(wanted)
                    .findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + type.getSimpleName() + " of " + connectionId + " within " + within + "; got "
                + of(connectionId).stream().map(NsiMessage::element).toList());
    }

    <T extends NsiMessage> T await(String connectionId, Class<T> type, Duration within) throws InterruptedException {
        return await(connectionId, type, m -> true, within);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
