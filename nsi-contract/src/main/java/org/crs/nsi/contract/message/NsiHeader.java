package org.crs.nsi.contract.message;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import org.crs.nsi.contract.NsiPort;

/**
 * The {@code nsiHeader} every NSI message carries as its one SOAP header block: on a request, its
 * acknowledgment, the result callback and the callback's acknowledgment alike. A requester NSA
 * and a provider NSA keep their roles in both directions; the correlation id ties a request to
 * its acknowledgment and its result. Session security attributes are not kept (CRS
 * authenticates peers by their TLS client certificates).
 *
 * @param protocolVersion {@link NsiPort#protocolVersion()} of the port the message goes to
 * @param correlationId {@code urn:uuid:} and a lower-case UUID
 * @param requesterNsa the requester's NSA id
 * @param providerNsa the provider's NSA id
 * @param replyTo where results go; only on an original request
 */
public record NsiHeader(String protocolVersion, String correlationId, String requesterNsa, String providerNsa,
        Optional<String> replyTo) {

    private static final Pattern UUID_URN = Pattern.compile(
            "urn:uuid:[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}");

    public NsiHeader {
        Checks.text(protocolVersion, "protocolVersion");
        Checks.text(correlationId, "correlationId");
        Checks.text(requesterNsa, "requesterNSA");
        Checks.text(providerNsa, "providerNSA");
        Checks.optional(replyTo, "replyTo");
    }

    /** A request to a provider, with a new correlation id. */
    public static NsiHeader toProvider(String requesterNsa, String providerNsa, Optional<String> replyTo) {
        return new NsiHeader(NsiPort.PROVIDER.protocolVersion(), newCorrelationId(), requesterNsa, providerNsa, replyTo);
    }

    /** A result or notification to a requester; a result carries its request's correlation id. */
    public static NsiHeader toRequester(String requesterNsa, String providerNsa, String correlationId) {
        return new NsiHeader(NsiPort.REQUESTER.protocolVersion(), correlationId, requesterNsa, providerNsa,
                Optional.empty());
    }

    /** A fresh correlation id: {@code urn:uuid:} and a random lower-case UUID. */
    public static String newCorrelationId() {
        return "urn:uuid:" + UUID.randomUUID();
    }

    /** Whether the correlation id has the schema's form ({@code urn:uuid:} and a lower-case UUID). */
    public boolean wellFormedCorrelationId() {
        return UUID_URN.matcher(correlationId).matches();
    }

    /** The header of this message's acknowledgment: the same ids, no replyTo. */
    public NsiHeader acknowledging() {
        return new NsiHeader(protocolVersion, correlationId, requesterNsa, providerNsa, Optional.empty());
    }
}
