package org.crs.nsi.contract.client;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

import javax.net.ssl.SSLContext;

import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.SyncAnswer;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;
import org.crs.service.soap.client.HttpSoapCall;
import org.crs.service.soap.client.SoapCallException;
import org.crs.service.tls.TlsContexts;

/**
 * Sends NSI CS 2.0 messages to one peer endpoint (a provider port, or a requester's replyTo) and
 * reads the synchronous answer.
 *
 * <pre>{@code
 * try (NsiClient provider = new NsiClient(URI.create("https://127.0.0.1:9443/NSI/services/CS2"),
 *         Duration.ofSeconds(30), tls)) {
 *     NsiReply reply = provider.send(NsiHeader.toProvider(ourNsa, theirNsa, Optional.of(ourReplyTo)), reserve);
 *     String connectionId = ((ReserveResponse) reply.answer()).connectionId();
 * }
 * }</pre>
 *
 * <p>On the wire: SOAP 1.1 with one {@code nsiHeader} block ({@link NsiXml}), {@code Content-Type:
 * text/xml; charset=utf-8}, and the SOAPAction in double quotes (OpenNSA dispatches on the raw
 * header and answers anything else with HTTP 406). The transport is service-runtime's
 * {@link HttpSoapCall}, the one the services call each other with: the deadline bounds the whole
 * call, connections are kept alive and reused, an {@code https://} endpoint is called with the
 * caller's {@link SSLContext} (its client certificate and the authorities the peer's must chain
 * to, {@link TlsContexts#client}) and the host name checked.
 *
 * <p>What a send ends in:
 * <ul>
 * <li>an {@link NsiReply}: the answer the operation has ({@link NsiOperation#answerElement()});</li>
 * <li>an {@link NsiFaultException}: the peer answered with a fault, its NSI error id read from
 *     the {@code serviceException} of either namespace;</li>
 * <li>a {@link SoapCallException}: {@code TIMEOUT} (no whole answer before the deadline),
 *     {@code NO_CONNECTION}, or {@code UNREADABLE} (not an NSI envelope, an HTTP error without a
 *     fault, an answer of another kind than the operation's).</li>
 * </ul>
 * Safe for any number of threads; {@link #close} releases the connections.
 */
public final class NsiClient implements AutoCloseable {

    /** How much of an unreadable answer a failure quotes. */
    private static final int SNIPPET = 200;

    private final URI endpoint;
    private final HttpSoapCall http;

    /**
     * @param endpoint the peer's port ({@code https://host:port/NSI/services/CS2})
     * @param timeout how long one send may take in all, positive
     * @param tls for an {@code https://} endpoint: this side's certificate and trusted
     *     authorities; null for the JVM's defaults
     */
    public NsiClient(URI endpoint, Duration timeout, SSLContext tls) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.http = new HttpSoapCall(endpoint, timeout, tls);
    }

    /** Where the messages go. */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * Sends a request or callback and reads its synchronous answer.
     *
     * @param message a message that is an operation's request (a reserve, a reserveConfirmed, ...)
     * @throws IllegalArgumentException when {@code message} is an answer, not a request
     * @throws NsiFaultException the peer answered with a fault
     * @throws SoapCallException no answer, or none that could be read as this operation's
     */
    public NsiReply send(NsiHeader header, NsiMessage message) throws NsiFaultException, SoapCallException {
        NsiOperation operation = NsiOperation.fromRequestElement(message.element()).orElseThrow(
                () -> new IllegalArgumentException(message.element() + " is an answer, not a message to send"));
        String name = operation.operationName();
        HttpSoapCall.HttpAnswer response = http.postXml(name, operation.quotedSoapAction(), NsiXml.write(header, message));
        NsiEnvelope answer;
        try {
            answer = NsiXml.read(response.body());
        } catch (NsiPayloadException e) {
            throw unreadable(name + ": HTTP " + response.statusCode() + " without an NSI answer (" + e.getMessage()
                    + "; " + snippet(response) + ")", e);
        }
        if (answer.body() instanceof NsiFault) {
            throw new NsiFaultException(name, (NsiFault) answer.body(), answer.header());
        }
        if (response.statusCode() != 200) {
            throw unreadable(name + ": HTTP " + response.statusCode() + " with a message, not a fault ("
                    + snippet(response) + ")", null);
        }
        NsiMessage body = (NsiMessage) answer.body();
        if (!(body instanceof SyncAnswer) || !body.element().equals(operation.answerElement())) {
            throw unreadable(name + ": answered " + body.element() + " where " + operation.answerElement()
                    + " was expected", null);
        }
        return new NsiReply(answer.header(), (SyncAnswer) body);
    }

    private static SoapCallException unreadable(String what, Throwable cause) {
        return new SoapCallException(SoapCallException.Kind.UNREADABLE, what, cause);
    }

    /** A text body in short; of anything else (an HTML error page), only its type. */
    private static String snippet(HttpSoapCall.HttpAnswer response) {
        String type = response.contentType();
        if (!type.startsWith("text/plain") && !type.startsWith("text/xml")) {
            return type + ", " + response.body().length() + " characters";
        }
        String oneLine = response.body().replaceAll("\\s+", " ").trim();
        if (oneLine.isEmpty()) {
            return "empty body";
        }
        return oneLine.length() <= SNIPPET ? oneLine : oneLine.substring(0, SNIPPET) + "...";
    }

    /** Closes the connections kept to the peer; sends after this fail. */
    @Override
    public void close() {
        http.close();
    }

    @Override
    public String toString() {
        return "NsiClient[" + endpoint + "]";
    }
}
