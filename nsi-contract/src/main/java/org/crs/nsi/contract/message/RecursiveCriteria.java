package org.crs.nsi.contract.message;

import java.util.List;
import java.util.Optional;

/**
 * One version of a connection's criteria, as queryRecursive reports it.
 *
 * @param version the criteria version
 * @param schedule when
 * @param serviceType the service type
 * @param children the parts with their own states and criteria; empty for a uPA
 * @param p2ps the point-to-point service, when reported
 */
public record RecursiveCriteria(int version, Schedule schedule, String serviceType, List<ChildRecursive> children,
        Optional<P2ps> p2ps) {

    public RecursiveCriteria {
        Checks.part(schedule, "schedule");
        Checks.part(serviceType, "serviceType");
        children = List.copyOf(children);
        Checks.optional(p2ps, "p2ps");
    }
}
