package org.crs.nsi.contract.message;

/**
 * The schema's generic request and confirmation: a message whose only content is the connection
 * id (reserveCommit, provision, ..., provisionConfirmed, ...). Read and written alike.
 */
public interface ConnectionIdOnly extends NamesConnection {

    /** The connection the message is about. */
    String connectionId();
}
