package org.crs.nsi.contract.message;

/**
 * A message that names one connection: every request, result and notification about a single
 * connection (reserveCommit, reserveConfirmed, reserveFailed, dataPlaneStateChange, ...; queries
 * of one connection's notifications or results). An {@code error} names its connection, if any,
 * in its {@code serviceException}; a summary query may name many.
 */
public interface NamesConnection {

    /** The connection the message is about. */
    String connectionId();
}
