package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * A part of an aggregated connection, as querySummary reports it.
 *
 * @param order its place along the path
 * @param connectionId its connection id at its provider
 * @param providerNsa its provider
 * @param serviceType its service type
 * @param p2ps its service, when reported
 */
public record ChildSummary(int order, String connectionId, String providerNsa, String serviceType,
        Optional<P2ps> p2ps) {

    public ChildSummary {
        Checks.text(connectionId, "connectionId");
        Checks.text(providerNsa, "providerNSA");
        Checks.part(serviceType, "serviceType");
        Checks.optional(p2ps, "p2ps");
    }
}
