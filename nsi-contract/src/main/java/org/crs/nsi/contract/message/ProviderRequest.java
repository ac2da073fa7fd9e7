package org.crs.nsi.contract.message;

/** What a provider port receives: a requester's request. */
public sealed interface ProviderRequest extends NsiMessage permits Reserve, ReserveCommit, ReserveAbort, Provision,
        Release, Terminate, QuerySummary, QuerySummarySync, QueryRecursive, QueryNotification, QueryNotificationSync,
        QueryResult, QueryResultSync {
}
