package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryRecursive}: Asks for connections with their parts, down to the uPAs (acknowledged; the answer comes as queryRecursiveConfirmed).
 *
 * @param connectionIds the connections asked about
 * @param globalReservationIds or the global reservation ids asked about (not both; neither: all
 *     of the requester's)
 */
public record QueryRecursive(List<String> connectionIds, List<String> globalReservationIds)
        implements ProviderRequest, ConnectionQuery {

    /** The element's local name. */
    public static final String ELEMENT = "queryRecursive";

    public QueryRecursive {
        connectionIds = List.copyOf(connectionIds);
        globalReservationIds = List.copyOf(globalReservationIds);
        ConnectionQuery.check(connectionIds, globalReservationIds);
    }

    /** All of the requester's connections. */
    public static QueryRecursive all() {
        return new QueryRecursive(List.of(), List.of());
    }

    /** These connections. */
    public static QueryRecursive of(String... connectionIds) {
        return new QueryRecursive(List.of(connectionIds), List.of());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
