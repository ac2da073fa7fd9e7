package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * A reservation's criteria, as a reserve asks for them and a reserveConfirmed grants them.
 *
 * @param version absent on a first reserve (meaning 1); a confirmation always says it (OpenNSA
 *     says 0)
 * @param schedule when; both ends may be absent in a request
 * @param serviceType the service definition's id; any value is accepted, as peers use several
 * @param p2ps the point-to-point service; absent only in a modify that changes the schedule
 */
public record Criteria(Optional<Integer> version, Schedule schedule, Optional<String> serviceType, Optional<P2ps> p2ps) {

    public Criteria {
        Checks.optional(version, "version");
        Checks.part(schedule, "schedule");
        Checks.optional(serviceType, "serviceType");
        Checks.optional(p2ps, "p2ps");
    }
}
