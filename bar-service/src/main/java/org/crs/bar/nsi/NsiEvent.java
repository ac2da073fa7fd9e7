package org.crs.bar.nsi;

/**
 * What happens to an NSI connection: a requester's request (reserve, modify, reserveCommit,
 * reserveAbort, provision, release, terminate) or what the BAR reservation under it does
 * (held, failed, committed, lapsed, up, down, ended). Each moves one of the three machines
 * ({@link NsiTransitions}).
 */
public enum NsiEvent {
    /** A reserve creating the connection, or naming one on which nothing was ever committed. */
    RESERVE(Source.REQUESTER),
    /** The BAR holds what was asked: reserveConfirmed. */
    RESERVE_HELD(Source.PROVIDER),
    /** The BAR refused it: reserveFailed. */
    RESERVE_FAILED(Source.PROVIDER),
    RESERVE_COMMIT(Source.REQUESTER),
    COMMIT_CONFIRMED(Source.PROVIDER),
    /** The commit failed, as every commit after the hold lapsed does. */
    COMMIT_FAILED(Source.PROVIDER),
    RESERVE_ABORT(Source.REQUESTER),
    ABORT_CONFIRMED(Source.PROVIDER),
    /** The BAR's client hold lapsed before a commit: reserveTimeout. */
    HOLD_TIMED_OUT(Source.PROVIDER),
    /** A reserve naming a connection that has committed criteria, with a higher version. */
    MODIFY(Source.REQUESTER),
    PROVISION(Source.REQUESTER),
    PROVISION_CONFIRMED(Source.PROVIDER),
    /** The BAR refused the provision after its acknowledgment: back to Released, and an {@code error}. */
    PROVISION_FAILED(Source.PROVIDER),
    RELEASE(Source.REQUESTER),
    RELEASE_CONFIRMED(Source.PROVIDER),
    /** The BAR refused the release after its acknowledgment: back to Provisioned, and an {@code error}. */
    RELEASE_FAILED(Source.PROVIDER),
    TERMINATE(Source.REQUESTER),
    TERMINATE_CONFIRMED(Source.PROVIDER),
    /** The circuit came up (provisioned and inside the schedule): dataPlaneStateChange active. */
    DATA_PLANE_UP(Source.PROVIDER),
    /** The circuit went down: dataPlaneStateChange inactive. */
    DATA_PLANE_DOWN(Source.PROVIDER),
    /** The reservation's end passed: lifecycle PassedEndTime. */
    END_TIME_PASSED(Source.PROVIDER),
    /** The BAR ended the reservation (activation failed for good): lifecycle Failed and errorEvent forcedEnd. */
    FORCED_END(Source.PROVIDER);

    /** Who causes an event. */
    public enum Source {
        /** A request on the provider port, which the requester gets a refusal of when it is not allowed. */
        REQUESTER,
        /** The BAR reservation under the connection. */
        PROVIDER
    }

    private final Source source;

    NsiEvent(Source source) {
        this.source = source;
    }

    public Source source() {
        return source;
    }
}
