package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryResultSyncConfirmed}: the synchronous answer to a queryResultSync.
 *
 * @param results what was found, in order; possibly none
 */
public record QueryResultSyncConfirmed(List<QueryResultEntry> results) implements SyncAnswer {

    /** The element's local name. */
    public static final String ELEMENT = "queryResultSyncConfirmed";

    public QueryResultSyncConfirmed {
        results = List.copyOf(results);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
