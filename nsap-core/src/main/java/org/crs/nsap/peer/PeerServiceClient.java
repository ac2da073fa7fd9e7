package org.crs.nsap.peer;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import javax.net.ssl.SSLContext;

import org.crs.domain.access.SegmentOwner;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.client.NsapPortClient;
import org.crs.nsap.port.BookingOwners;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.client.SoapCallException;
import org.crs.service.tls.TlsContexts;

/**
 * Asks the BARs this service serves whether a segment is still wanted, through the operation
 * {@code segmentWanted} of their PeerService ({@code schema/wsdl/PeerService.wsdl}): SOAP 1.1,
 * namespace {@value #NAMESPACE}, SOAPAction {@code "urn:segmentWanted"}, one element
 * {@code bookingId}; the answer's {@code return} is {@code WANTED} or {@code NOT_WANTED}.
 *
 * <pre>{@code
 * <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:n="urn:crs:bar-peer:1">
 *   <soapenv:Body><n:segmentWanted><n:bookingId>site-a:R7:campus</n:bookingId></n:segmentWanted></soapenv:Body>
 * </soapenv:Envelope>
 * }</pre>
 *
 * <p>The BAR asked is the one that owns the booking, as stored with it ({@link #wanted(String,
 * SegmentOwner)}), or the first listed when that BAR is not listed. A booking with no BAR
 * recorded is asked about at the BAR of the site its id names ({@code <site>:<requestId>:<part>}),
 * else the first listed: an L-NSAP usually knows only its own BAR, which forwards the question to
 * the BAR of the booking's site.
 *
 * <p>The calls go through the contract's {@link NsapPortClient} on the runtime's one SOAP client
 * ({@code org.crs.service.soap.client.SoapClient}): each call is bounded as a whole by the timeout
 * (Axis2's sender does not keep to its own), connections to a BAR are kept alive, and the answer
 * is read on the calling thread (the JDK's client started a thread per answer on two cores; the
 * client's header says why). A SOAP Client fault (a booking id the BAR does not take) is
 * {@link BookingOwners.Answer#REFUSED}; no connection, a timeout, a Server fault or an answer that
 * cannot be read is {@link BookingOwners.Answer#UNREACHABLE}.
 *
 * <p>An {@code https://} BAR is called with the given {@link SSLContext}: this service's own
 * certificate, which the BAR's PeerService takes as this service, and the authorities the BAR's
 * certificate must chain to; TLS 1.3 or 1.2, the certificate checked against the URL's host.
 */
public final class PeerServiceClient implements BookingOwners, AutoCloseable {

    /** The PeerService's namespace. */
    public static final String NAMESPACE = NsapContract.PEER_NAMESPACE;

    private final Map<String, URI> bars;
    private final Map<URI, NsapPortClient> clients = new LinkedHashMap<>();
    private final URI first;

    /**
     * @param bars the PeerService URL of each BAR, by site, the one to ask by default first; not empty
     * @param timeout how long one question may take in all, positive
     */
    public PeerServiceClient(Map<String, URI> bars, Duration timeout) {
        this(bars, timeout, null);
    }

    /**
     * @param bars the PeerService URL of each BAR, by site, the one to ask by default first; not empty
     * @param timeout how long one question may take in all, positive
     * @param tls for {@code https://} BARs: this service's certificate and trusted authorities
     *     ({@link TlsContexts#client}); null for the JVM's defaults
     */
    public PeerServiceClient(Map<String, URI> bars, Duration timeout, SSLContext tls) {
        Objects.requireNonNull(bars, "bars");
        if (bars.isEmpty()) {
            throw new IllegalArgumentException("bars must name at least one BAR");
        }
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        this.bars = new LinkedHashMap<>(bars);
        this.first = bars.values().iterator().next();
        for (URI bar : this.bars.values()) {
            clients.computeIfAbsent(bar, url -> NsapPortClient.of("BAR " + url, url, NAMESPACE, timeout, tls));
        }
    }

    /** The BAR asked about {@code bookingId}: its site's, else the first. */
    URI barFor(String bookingId) {
        int colon = bookingId.indexOf(':');
        return colon < 0 ? first : bars.getOrDefault(bookingId.substring(0, colon), first);
    }

    /** The BAR asked about a booking of {@code owner}: its own, else as for a booking with none recorded. */
    URI barFor(String bookingId, SegmentOwner owner) {
        if (owner instanceof SegmentOwner.Bar b && bars.containsKey(b.site())) {
            return bars.get(b.site());
        }
        return owner instanceof SegmentOwner.Bar ? first : barFor(bookingId);
    }

    @Override
    public Reply wanted(String bookingId) {
        Objects.requireNonNull(bookingId, "bookingId");
        return ask(barFor(bookingId), bookingId);
    }

    @Override
    public Reply wanted(String bookingId, SegmentOwner owner) {
        Objects.requireNonNull(bookingId, "bookingId");
        Objects.requireNonNull(owner, "owner");
        return ask(barFor(bookingId, owner), bookingId);
    }

    private Reply ask(URI bar, String bookingId) {
        String answered;
        try {
            answered = clients.get(bar).segmentWanted(bookingId);
        } catch (ServiceFault fault) {
            // A Client fault refuses the question (a booking id the BAR does not take); a Server
            // fault is the BAR failing, as good as no answer.
            return new Reply(fault.callersError() ? Answer.REFUSED : Answer.UNREACHABLE,
                    "BAR " + bar + ": fault " + fault.getCode() + ": " + fault.getMessage());
        } catch (SoapCallException e) {
            return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": " + e.getMessage());
        }
        String said = answered == null ? "" : answered.trim();
        if ("WANTED".equals(said)) {
            return new Reply(Answer.WANTED, "BAR " + bar);
        }
        if ("NOT_WANTED".equals(said)) {
            return new Reply(Answer.NOT_WANTED, "BAR " + bar);
        }
        return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": answered "
                + (answered == null ? "no return" : "'" + said + "'") + ", neither WANTED nor NOT_WANTED");
    }

    /** Closes the connections kept to the BARs. */
    @Override
    public void close() {
        clients.values().forEach(NsapPortClient::close);
    }

    @Override
    public String toString() {
        return "PeerServiceClient" + bars;
    }
}
