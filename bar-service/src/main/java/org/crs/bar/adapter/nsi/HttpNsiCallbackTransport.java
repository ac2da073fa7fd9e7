package org.crs.bar.adapter.nsi;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.SSLContext;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiCallbackTransport;
import org.crs.nsi.contract.NsiOperation;
import org.crs.service.soap.client.HttpSoapCall;
import org.crs.service.soap.client.SoapCallException;

/**
 * Posts callbacks to NSI requesters as nsi-contract's client does: {@code text/xml}, the
 * SOAPAction quoted, one deadline for the whole POST, kept-alive connections per requester URL,
 * and for an {@code https://} replyTo this BAR's own certificate. A 2xx answer is delivered; no
 * answer, a timeout, 502, 503 or 504 is tried again; any other answer (a SOAP fault is a 500, an
 * HTTP client error) is refused, since sending it again would be answered the same.
 */
public final class HttpNsiCallbackTransport implements NsiCallbackTransport, AutoCloseable {

    /** How long one POST may take: OpenNSA's own callback timeout. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Duration timeout;
    private final SSLContext tls;
    private final Map<URI, HttpSoapCall> peers = new ConcurrentHashMap<>();

    /**
     * @param tls the BAR's own certificate and the authorities a requester's must chain to; null:
     *     the JVM's defaults
     */
    public HttpNsiCallbackTransport(Duration timeout, SSLContext tls) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.tls = tls;
    }

    @Override
    public Outcome send(String replyTo, NsiMessageKind kind, String envelope) {
        NsiOperation operation = NsiOperation.fromRequestElement(kind.operation()).orElseThrow(
                () -> new IllegalArgumentException("no NSI operation " + kind.operation()));
        URI url = URI.create(replyTo);
        HttpSoapCall http = peers.computeIfAbsent(url, u -> new HttpSoapCall(u, timeout, tls));
        HttpSoapCall.HttpAnswer answer;
        try {
            answer = http.postXml(operation.operationName(), operation.quotedSoapAction(), envelope);
        } catch (SoapCallException e) {
            return new Outcome.NoAnswer(e.getMessage());
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

    @Override
    public void close() {
        peers.values().forEach(HttpSoapCall::close);
        peers.clear();
    }
}
