package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryResultConfirmed}: the answer to a queryResult.
 *
 * @param results what was found, in order; possibly none
 */
public record QueryResultConfirmed(List<QueryResultEntry> results) implements RequesterMessage {

    /** The element's local name. */
    public static final String ELEMENT = "queryResultConfirmed";

    public QueryResultConfirmed {
        results = List.copyOf(results);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
