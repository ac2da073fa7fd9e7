package org.crs.bar.port;

/**
 * The NSI messages this provider sends, written as the wire has them (nsi-contract, in
 * {@code adapter.nsi}): a callback's whole SOAP envelope, which is also what the connection keeps
 * for queryResult and queryNotification.
 */
public interface NsiMessages extends NsiMessageBodies {

    /**
     * The envelope of {@code message} to a requester.
     *
     * @param requesterNsa the header's requester NSA
     * @param providerNsa the header's provider NSA (this BAR's)
     * @param correlationId a result's is its request's; a notification's or a late result's a new one
     */
    String write(String requesterNsa, String providerNsa, String correlationId, NsiOutgoing message);
}
