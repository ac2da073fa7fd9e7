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

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * An NSI requester's callback endpoint on 127.0.0.1 (the JDK's HTTP server): reads every POST as
 * an NSI envelope, keeps it, and acknowledges it with the callback's own header; or, while told
 * to, answers 503 as a requester that is down for a moment.
 */
final class NsiCallbackEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final List<NsiEnvelope> taken = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<String> refusals = new ConcurrentLinkedQueue<>();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private final List<String> soapActions = new CopyOnWriteArrayList<>();

    NsiCallbackEndpoint() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/requester", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    URI replyTo() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/requester");
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
