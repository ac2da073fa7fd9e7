package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code querySummarySync}: Asks for connections' summaries, answered at once with querySummarySyncConfirmed.
 *
 * @param connectionIds the connections asked about
 * @param globalReservationIds or the global reservation ids asked about (not both; neither: all
 *     of the requester's)
 */
public record QuerySummarySync(List<String> connectionIds, List<String> globalReservationIds)
        implements ProviderRequest, ConnectionQuery {

    /** The element's local name. */
    public static final String ELEMENT = "querySummarySync";

    public QuerySummarySync {
        connectionIds = List.copyOf(connectionIds);
        globalReservationIds = List.copyOf(globalReservationIds);
        ConnectionQuery.check(connectionIds, globalReservationIds);
    }

    /** All of the requester's connections. */
    public static QuerySummarySync all() {
        return new QuerySummarySync(List.of(), List.of());
    }

    /** These connections. */
    public static QuerySummarySync of(String... connectionIds) {
        return new QuerySummarySync(List.of(connectionIds), List.of());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
