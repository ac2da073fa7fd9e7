package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryRecursiveConfirmed}: the answer to a queryRecursive.
 *
 * @param reservations what was found, in order; possibly none
 */
public record QueryRecursiveConfirmed(List<QueryRecursiveResult> reservations) implements RequesterMessage {

    /** The element's local name. */
    public static final String ELEMENT = "queryRecursiveConfirmed";

    public QueryRecursiveConfirmed {
        reservations = List.copyOf(reservations);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
