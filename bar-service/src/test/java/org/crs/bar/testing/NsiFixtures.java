package org.crs.bar.testing;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.port.NsiMessageBodies;

/** NSI connections and messages as the tests of the NSI store and the callback sender make them. */
public final class NsiFixtures {

    public static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    public static final String PROVIDER = "urn:ogf:network:site-a.crs.example:2026:nsa";
    public static final String REQUESTER_C = "urn:ogf:network:domain-c.crs.example:2026:nsa";
    public static final String REQUESTER_D = "urn:ogf:network:domain-d.crs.example:2026:nsa";
    public static final String EVTS = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";

    /**
     * A messageDeliveryTimeout as the wire layer writes one (its element with the children the
     * schema gives it), for the store to keep.
     */
    public static final NsiMessageBodies BODIES = (connectionId, notificationId, at, correlationId) ->
            "<messageDeliveryTimeout xmlns=\"http://schemas.ogf.org/nsi/2013/12/connection/types\">"
                    + "<connectionId xmlns=\"\">" + connectionId + "</connectionId>"
                    + "<notificationId xmlns=\"\">" + notificationId + "</notificationId>"
                    + "<timeStamp xmlns=\"\">" + at + "</timeStamp>"
                    + "<correlationId xmlns=\"\">" + correlationId + "</correlationId></messageDeliveryTimeout>";

    private NsiFixtures() {
    }

    /** Criteria of version {@code v}: 100 Mbit/s from a host port to a hand-off's VLAN 3001, from T0+1h to T0+3h. */
    public static NsiCriteria criteria(int v) {
        return new NsiCriteria(v, T0.plus(Duration.ofHours(1)), Optional.of(T0.plus(Duration.ofHours(3))), 100L * v,
                "urn:ogf:network:site-a.crs.example:2026:topology:host-a1",
                "urn:ogf:network:site-a.crs.example:2026:topology:to-domain-c?vlan=3001", NsiDirectionality.BIDIRECTIONAL,
                EVTS);
    }

    /** A connection as a first reserve of {@code requester} creates it, answering to {@code replyTo}. */
    public static NsiConnection reserved(String requester, Optional<String> globalReservationId, String requestId,
                                         Optional<URI> replyTo, Instant at) {
        return NsiConnection.reserved(requester, PROVIDER, globalReservationId, Optional.of("circuit " + requestId),
                replyTo, requestId, criteria(1), at);
    }

    /** A result or notification element with its id, as queryResult and queryNotification give it back. */
    public static String body(String operation, String connectionId, long id) {
        return "<" + operation + " xmlns=\"http://schemas.ogf.org/nsi/2013/12/connection/types\">"
                + "<connectionId xmlns=\"\">" + connectionId + "</connectionId><id xmlns=\"\">" + id + "</id></"
                + operation + ">";
    }

    /** A SOAP envelope around {@code body}. */
    public static String envelope(String body) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Header/>"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }
}
