package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code querySummarySyncConfirmed}: the synchronous answer to a querySummarySync.
 *
 * @param reservations what was found, in order; possibly none
 */
public record QuerySummarySyncConfirmed(List<QuerySummaryResult> reservations) implements SyncAnswer {

    /** The element's local name. */
    public static final String ELEMENT = "querySummarySyncConfirmed";

    public QuerySummarySyncConfirmed {
        reservations = List.copyOf(reservations);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
