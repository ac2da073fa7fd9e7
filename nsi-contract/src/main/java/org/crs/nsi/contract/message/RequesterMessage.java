package org.crs.nsi.contract.message;

/** What a requester port receives: a result of an earlier request, a query's answer, or a notification. */
public sealed interface RequesterMessage extends NsiMessage permits OperationResult, Notification,
        QuerySummaryConfirmed, QueryRecursiveConfirmed, QueryNotificationConfirmed, QueryResultConfirmed {
}
