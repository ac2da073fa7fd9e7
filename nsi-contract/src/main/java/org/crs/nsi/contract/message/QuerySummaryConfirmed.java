package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code querySummaryConfirmed}: the answer to a querySummary.
 *
 * @param reservations what was found, in order; possibly none
 */
public record QuerySummaryConfirmed(List<QuerySummaryResult> reservations) implements RequesterMessage {

    /** The element's local name. */
    public static final String ELEMENT = "querySummaryConfirmed";

    public QuerySummaryConfirmed {
        reservations = List.copyOf(reservations);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
