package org.crs.nsi.contract.message;

/** The synchronous answer of a provider operation (an acknowledgment answers every requester operation). */
public sealed interface SyncAnswer extends NsiMessage permits ReserveResponse, Acknowledgment,
        QuerySummarySyncConfirmed, QueryNotificationSyncConfirmed, QueryResultSyncConfirmed {
}
