package org.crs.nsi.contract.message;

/** The schema's generic failure (reserveFailed, reserveCommitFailed): the connection, its states and why. */
public interface GenericFailure extends NamesConnection {

    /** The connection that failed. */
    String connectionId();

    /** Its states after the failure. */
    ConnectionStates connectionStates();

    /** Why. */
    ServiceExceptionInfo serviceException();
}
