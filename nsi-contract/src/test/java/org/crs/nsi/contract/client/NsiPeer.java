package org.crs.nsi.contract.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

/**
 * The test's counterpart: a real HTTP (or HTTPS, client certificate required) server on
 * 127.0.0.1 that records each request as it came over the wire and answers with what the test
 * makes of it.
 */
final class NsiPeer implements AutoCloseable {

    /** One request as received, with the client's port (the same port: the same connection). */
    record Received(String soapAction, String contentType, String body, String clientCertificate, int clientPort) {
    }

    /** An answer: HTTP status, content type, body. */
    record Answer(int status, String contentType, String body) {
        static Answer xml(int status, String body) {
            return new Answer(status, "text/xml; charset=utf-8", body);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Function<Received, Answer> answers = r -> new Answer(500, "text/plain", "no answer set");

    private NsiPeer(HttpServer server) {
        this.server = server;
        server.createContext("/NSI/services/CS2", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /** A plain HTTP peer. */
    static NsiPeer http() throws IOException {
        return new NsiPeer(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
    }

    /** An HTTPS peer with this context's certificate, requiring a client certificate its trust accepts. */
    static NsiPeer https(SSLContext tls) throws IOException {
        HttpsServer s = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        s.setHttpsConfigurator(new HttpsConfigurator(tls) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters p = tls.getDefaultSSLParameters();
                p.setNeedClientAuth(true);
                params.setSSLParameters(p);
            }
        });
        return new NsiPeer(s);
    }

    void answer(Function<Received, Answer> answers) {
        this.answers = answers;
    }

    URI endpoint() {
        String scheme = server instanceof HttpsServer ? "https" : "http";
        return URI.create(scheme + "://127.0.0.1:" + server.getAddress().getPort() + "/NSI/services/CS2");
    }

    List<Received> received() {
        return received;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String subject = exchange instanceof HttpsExchange
                ? ((HttpsExchange) exchange).getSSLSession().getPeerPrincipal().getName() : "";
        Received r = new Received(exchange.getRequestHeaders().getFirst("SOAPAction"),
                exchange.getRequestHeaders().getFirst("Content-Type"), body, subject,
                exchange.getRemoteAddress().getPort());
        received.add(r);
        Answer a = answers.apply(r);
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", a.contentType());
        exchange.sendResponseHeaders(a.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Stops the server (once; a test may stop it early). */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
