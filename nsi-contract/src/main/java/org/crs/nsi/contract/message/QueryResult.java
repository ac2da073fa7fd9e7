package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code queryResult}: asks for a connection's results (acknowledged; the answer comes as queryResultConfirmed), those with ids in the range given.
 *
 * @param connectionId the connection
 * @param startResultId the first id wanted, when bounded
 * @param endResultId the last id wanted, when bounded
 */
public record QueryResult(String connectionId, Optional<Long> startResultId, Optional<Long> endResultId)
        implements ProviderRequest, NamesConnection {

    /** The element's local name. */
    public static final String ELEMENT = "queryResult";

    public QueryResult {
        Checks.text(connectionId, "connectionId");
        Checks.optional(startResultId, "startResultId");
        Checks.optional(endResultId, "endResultId");
    }

    /** Every result of the connection. */
    public static QueryResult all(String connectionId) {
        return new QueryResult(connectionId, Optional.empty(), Optional.empty());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
