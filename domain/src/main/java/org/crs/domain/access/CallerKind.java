package org.crs.domain.access;

/** The kinds of caller the access table tells apart: one column of the matrix each. */
public enum CallerKind {
    /** No credentials were presented. */
    ANONYMOUS,
    /** An account with the role {@link Role#USER}. */
    USER,
    /** An account with the role {@link Role#OPERATOR}. */
    OPERATOR,
    /** An account with the role {@link Role#ADMIN}. */
    ADMIN,
    /** The BAR of another site, known by its certificate, calling this BAR's PeerService. */
    PEER_BAR,
    /** An L-NSAP or NSAP this BAR books with, known by its certificate (it asks whether a segment is still wanted). */
    CONTROLLER,
    /** A BAR configured for this L-NSAP or NSAP, known by its certificate. */
    SERVED_BAR,
    /**
     * Another network's NSI provider this BAR books far parts from (its {@code nsi.providers}),
     * sending results and notifications to the BAR's NSI requester port: known by its certificate,
     * or, when none is configured for it, by its NSA id.
     */
    NSI_PROVIDER
}
