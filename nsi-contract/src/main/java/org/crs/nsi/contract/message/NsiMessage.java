package org.crs.nsi.contract.message;

/** One NSI CS 2.0 message: a request to a provider, a message to a requester, or a synchronous answer. */
public sealed interface NsiMessage extends NsiBody permits ProviderRequest, RequesterMessage, SyncAnswer {

    /** Its element's local name in the connection types namespace. */
    String element();
}
