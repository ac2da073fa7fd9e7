package org.crs.bar.nsi;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.Stp;

/**
 * One version of a connection's criteria, as querySummary reports it: the schedule, the service
 * type and the point-to-point service. The STPs are kept as the confirmation gave them (one
 * VLAN each on a hand-off port), as text, so that what the requester sees is what was sent.
 *
 * @param version the criteria version, from 1
 * @param start when the circuit may come up (a request without a start is given its arrival)
 * @param end when it ends; empty for an open end
 * @param capacityMbps in Mbit/s
 * @param sourceStp the source STP id with its label
 * @param destStp the destination STP id with its label
 * @param serviceType the service type as the requester named it
 */
public record NsiCriteria(int version, Instant start, Optional<Instant> end, long capacityMbps, String sourceStp,
                         String destStp, NsiDirectionality directionality, String serviceType) {

    public NsiCriteria {
        if (version < 1) {
            throw new IllegalArgumentException("a criteria version is at least 1: " + version);
        }
        Objects.requireNonNull(start, "start");
        end = end == null ? Optional.empty() : end;
        if (end.isPresent() && !end.get().isAfter(start)) {
            throw new IllegalArgumentException("the end " + end.get() + " is not after the start " + start);
        }
        if (capacityMbps < 1) {
            throw new IllegalArgumentException("capacity is at least 1 Mbit/s: " + capacityMbps);
        }
        Stp.parse(Objects.requireNonNull(sourceStp, "sourceStp"));
        Stp.parse(Objects.requireNonNull(destStp, "destStp"));
        Objects.requireNonNull(directionality, "directionality");
        Objects.requireNonNull(serviceType, "serviceType");
    }

    /** The same criteria as another version (a modify's, before its changes are applied). */
    public NsiCriteria withVersion(int v) {
        return new NsiCriteria(v, start, end, capacityMbps, sourceStp, destStp, directionality, serviceType);
    }
}
