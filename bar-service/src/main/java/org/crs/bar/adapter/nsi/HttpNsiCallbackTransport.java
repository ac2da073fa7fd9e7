package org.crs.bar.adapter.nsi;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import javax.net.ssl.SSLContext;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiCallbackTransport;
import org.crs.nsi.contract.NsiOperation;
import org.crs.service.soap.client.HttpSoapCall;
import org.crs.service.soap.client.SoapCallException;

/**
 * Posts callbacks to NSI requesters as nsi-contract's client does: {@code text/xml}, the
 * SOAPAction quoted, one deadline for the whole POST, kept-alive connections per requester URL
 * (for the {@link #KEPT} URLs used last: a requester may give a new replyTo with every request,
 * and one no longer kept is closed once no POST is using it), and for an {@code https://} replyTo this BAR's own certificate. A 2xx answer is delivered; no
 * answer, a timeout, 502, 503 or 504 is tried again; any other answer (a SOAP fault is a 500, an
 * HTTP client error) is refused, since sending it again would be answered the same.
 */
public final class HttpNsiCallbackTransport implements NsiCallbackTransport, AutoCloseable {

    /** How long one POST may take: OpenNSA's own callback timeout. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Requester URLs whose connections are kept alive by default. */
    public static final int KEPT = 64;

    private final Duration timeout;
    private final SSLContext tls;
    private final int kept;
    /** The URLs used last, least recently used first; guarded by itself. */
    private final LinkedHashMap<URI, Peer> peers = new LinkedHashMap<>(16, 0.75f, true);

    /** One requester URL's client and the POSTs using it now. */
    private static final class Peer {
        final HttpSoapCall http;
        int posting;
        boolean dropped;

        Peer(HttpSoapCall http) {
            this.http = http;
        }
    }

    /**
     * @param tls the BAR's own certificate and the authorities a requester's must chain to; null:
     *     the JVM's defaults
     */
    public HttpNsiCallbackTransport(Duration timeout, SSLContext tls) {
        this(timeout, tls, KEPT);
    }

    /** @param kept how many requester URLs' connections are kept alive */
    HttpNsiCallbackTransport(Duration timeout, SSLContext tls, int kept) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.tls = tls;
        if (kept < 1) {
            throw new IllegalArgumentException("kept must be positive, was " + kept);
        }
        this.kept = kept;
    }

    @Override
    public Outcome send(String replyTo, NsiMessageKind kind, String envelope) {
        NsiOperation operation = NsiOperation.fromRequestElement(kind.operation()).orElseThrow(
                () -> new IllegalArgumentException("no NSI operation " + kind.operation()));
        URI url = URI.create(replyTo);
        Peer peer = take(url);
        HttpSoapCall.HttpAnswer answer;
        try {
            answer = peer.http.postXml(operation.operationName(), operation.quotedSoapAction(), envelope);
        } catch (SoapCallException e) {
            return new Outcome.NoAnswer(e.getMessage());
        } finally {
            release(peer);
        }
        int status = answer.statusCode();
        if (status / 100 == 2) {
            return new Outcome.Delivered();
        }
        if (status == 502 || status == 503 || status == 504) {
            return new Outcome.NoAnswer("HTTP " + status);
        }
        return new Outcome.Refused("HTTP " + status);
    }

    /** The URL's client, marked in use; the least recently used beyond {@link #kept} are dropped. */
    private Peer take(URI url) {
        List<HttpSoapCall> idle = new ArrayList<>();
        Peer peer;
        synchronized (peers) {
            peer = peers.computeIfAbsent(url, u -> new Peer(new HttpSoapCall(u, timeout, tls)));
            peer.posting++;
            Iterator<Peer> eldest = peers.values().iterator();
            while (peers.size() > kept) {
                Peer dropped = eldest.next();
                eldest.remove();
                dropped.dropped = true;
                if (dropped.posting == 0) {
                    idle.add(dropped.http);
                }
            }
        }
        idle.forEach(HttpSoapCall::close);
        return peer;
    }

    /** Ends a POST's use of its client, closing it if it was dropped meanwhile. */
    private void release(Peer peer) {
        boolean close;
        synchronized (peers) {
            peer.posting--;
            close = peer.dropped && peer.posting == 0;
        }
        if (close) {
            peer.http.close();
        }
    }

    /** The requester URLs whose connections are kept now. */
    int keptUrls() {
        synchronized (peers) {
            return peers.size();
        }
    }

    /** Closes the kept clients; a POST under way when it is called ends on its own. */
    @Override
    public void close() {
        List<Peer> all;
        synchronized (peers) {
            all = List.copyOf(peers.values());
            peers.clear();
        }
        for (Peer p : all) {
            release(markDropped(p));
        }
    }

    /** Marks a peer dropped and takes one use of it, so {@link #release} closes it when its last POST ends. */
    private Peer markDropped(Peer p) {
        synchronized (peers) {
            p.dropped = true;
            p.posting++;
        }
        return p;
    }
}
