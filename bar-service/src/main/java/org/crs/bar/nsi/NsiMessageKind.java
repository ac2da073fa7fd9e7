package org.crs.bar.nsi;

/**
 * The callbacks a provider sends a requester (operations of the requester port). Results answer
 * one request of a connection and are what queryResult returns (numbered by resultId);
 * notifications happen to a connection and are what queryNotification returns (numbered by
 * notificationId); query answers are sent once and kept only in the outbox.
 */
public enum NsiMessageKind {
    RESERVE_CONFIRMED(Family.RESULT, "reserveConfirmed"),
    RESERVE_FAILED(Family.RESULT, "reserveFailed"),
    RESERVE_COMMIT_CONFIRMED(Family.RESULT, "reserveCommitConfirmed"),
    RESERVE_COMMIT_FAILED(Family.RESULT, "reserveCommitFailed"),
    RESERVE_ABORT_CONFIRMED(Family.RESULT, "reserveAbortConfirmed"),
    PROVISION_CONFIRMED(Family.RESULT, "provisionConfirmed"),
    RELEASE_CONFIRMED(Family.RESULT, "releaseConfirmed"),
    TERMINATE_CONFIRMED(Family.RESULT, "terminateConfirmed"),
    /** A request that failed after its acknowledgment. */
    ERROR(Family.RESULT, "error"),
    ERROR_EVENT(Family.NOTIFICATION, "errorEvent"),
    DATA_PLANE_STATE_CHANGE(Family.NOTIFICATION, "dataPlaneStateChange"),
    RESERVE_TIMEOUT(Family.NOTIFICATION, "reserveTimeout"),
    MESSAGE_DELIVERY_TIMEOUT(Family.NOTIFICATION, "messageDeliveryTimeout"),
    QUERY_SUMMARY_CONFIRMED(Family.QUERY_ANSWER, "querySummaryConfirmed"),
    QUERY_RECURSIVE_CONFIRMED(Family.QUERY_ANSWER, "queryRecursiveConfirmed"),
    QUERY_NOTIFICATION_CONFIRMED(Family.QUERY_ANSWER, "queryNotificationConfirmed"),
    QUERY_RESULT_CONFIRMED(Family.QUERY_ANSWER, "queryResultConfirmed");

    /** Which numbering a kind belongs to. */
    public enum Family {
        /** Numbered by resultId per connection, kept for queryResult. */
        RESULT,
        /** Numbered by notificationId per connection, kept for queryNotification. */
        NOTIFICATION,
        /** Sent once, not kept with a connection. */
        QUERY_ANSWER
    }

    private final Family family;
    private final String operation;

    NsiMessageKind(Family family, String operation) {
        this.family = family;
        this.operation = operation;
    }

    public Family family() {
        return family;
    }

    /** The requester port's operation (and the message element's name). */
    public String operation() {
        return operation;
    }
}
