package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code querySummary}: Asks for connections' summaries (acknowledged; the answer comes as querySummaryConfirmed).
 *
 * @param connectionIds the connections asked about
 * @param globalReservationIds or the global reservation ids asked about (not both; neither: all
 *     of the requester's)
 */
public record QuerySummary(List<String> connectionIds, List<String> globalReservationIds)
        implements ProviderRequest, ConnectionQuery {

    /** The element's local name. */
    public static final String ELEMENT = "querySummary";

    public QuerySummary {
        connectionIds = List.copyOf(connectionIds);
        globalReservationIds = List.copyOf(globalReservationIds);
        ConnectionQuery.check(connectionIds, globalReservationIds);
    }

    /** All of the requester's connections. */
    public static QuerySummary all() {
        return new QuerySummary(List.of(), List.of());
    }

    /** These connections. */
    public static QuerySummary of(String... connectionIds) {
        return new QuerySummary(List.of(connectionIds), List.of());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
