package org.crs.bar.nsi;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Who sent an NSI request and where its results go, as its {@code nsiHeader} says.
 *
 * @param requesterNsa the requester's NSA id: it must be one the signed-in account may act as
 * @param providerNsa the provider's NSA id the requester addressed
 * @param correlationId the request's correlation id; its result carries it back
 * @param replyTo where its results and the connection's notifications go; empty: the requester polls
 */
public record NsiRequestHeader(String requesterNsa, String providerNsa, String correlationId, Optional<URI> replyTo) {

    public NsiRequestHeader {
        Objects.requireNonNull(requesterNsa, "requesterNsa");
        Objects.requireNonNull(providerNsa, "providerNsa");
        Objects.requireNonNull(correlationId, "correlationId");
        replyTo = replyTo == null ? Optional.empty() : replyTo;
    }
}
