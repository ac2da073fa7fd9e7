package org.crs.nsi.contract.message;

import java.util.List;

/**
 * The schema's query: connection ids or global reservation ids, never both; neither means all
 * of the requester's connections (querySummary, querySummarySync, queryRecursive).
 */
public interface ConnectionQuery {

    /** The connections asked about, empty when asked by global reservation id or for all. */
    List<String> connectionIds();

    /** The global reservation ids asked about, empty when asked by connection id or for all. */
    List<String> globalReservationIds();

    /** Checks the choice: not both lists. */
    static void check(List<String> connectionIds, List<String> globalReservationIds) {
        if (!connectionIds.isEmpty() && !globalReservationIds.isEmpty()) {
            throw new IllegalArgumentException("a query names connection ids or global reservation ids, not both");
        }
    }
}
