package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code queryResultSync}: asks for a connection's results, answered at once with queryResultSyncConfirmed, those with ids in the range given.
 *
 * @param connectionId the connection
 * @param startResultId the first id wanted, when bounded
 * @param endResultId the last id wanted, when bounded
 */
public record QueryResultSync(String connectionId, Optional<Long> startResultId, Optional<Long> endResultId)
        implements ProviderRequest, NamesConnection {

    /** The element's local name. */
    public static final String ELEMENT = "queryResultSync";

    public QueryResultSync {
        Checks.text(connectionId, "connectionId");
        Checks.optional(startResultId, "startResultId");
        Checks.optional(endResultId, "endResultId");
    }

    /** Every result of the connection. */
    public static QueryResultSync all(String connectionId) {
        return new QueryResultSync(connectionId, Optional.empty(), Optional.empty());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
