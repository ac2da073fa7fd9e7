package org.crs.nsi.contract.message;

import java.util.List;
import java.util.Optional;

/**
 * One version of a connection's criteria, as querySummary reports it.
 *
 * @param version the criteria version
 * @param schedule when
 * @param serviceType the service type
 * @param children the parts, for an aggregator; empty for a uPA
 * @param p2ps the point-to-point service, when reported
 */
public record SummaryCriteria(int version, Schedule schedule, String serviceType, List<ChildSummary> children,
        Optional<P2ps> p2ps) {

    public SummaryCriteria {
        Checks.part(schedule, "schedule");
        Checks.part(serviceType, "serviceType");
        children = List.copyOf(children);
        Checks.optional(p2ps, "p2ps");
    }
}
