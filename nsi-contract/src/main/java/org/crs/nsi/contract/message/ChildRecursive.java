package org.crs.nsi.contract.message;

import java.util.List;

/**
 * A part of an aggregated connection, as queryRecursive reports it: with its own states and
 * criteria, down to the uPAs.
 *
 * @param order its place along the path
 * @param connectionId its connection id at its provider
 * @param providerNsa its provider
 * @param connectionStates its states
 * @param criteria its criteria, at least one
 */
public record ChildRecursive(int order, String connectionId, String providerNsa, ConnectionStates connectionStates,
        List<RecursiveCriteria> criteria) {

    public ChildRecursive {
        Checks.text(connectionId, "connectionId");
        Checks.text(providerNsa, "providerNSA");
        Checks.part(connectionStates, "connectionStates");
        criteria = List.copyOf(criteria);
        if (criteria.isEmpty()) {
            throw new IllegalArgumentException("a child of queryRecursive has at least one criteria");
        }
    }
}
