package org.crs.bar.nsi;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code reserve} as the provider service takes it: the wire's message in this BAR's own terms.
 *
 * @param connectionId present on a modify: the connection it changes
 * @param globalReservationId the requester's own id, when it gave one
 * @param description the requester's description, when it gave one
 * @param version the criteria version asked for; empty on a first reserve (meaning 1)
 * @param start empty: now
 * @param end empty: open-ended (refused: a BAR reservation ends)
 * @param serviceType the service type as named; empty when not named
 * @param capacityMbps Mbit/s
 * @param directionality as asked
 * @param sourceStp the source STP id with its label, as written
 * @param destStp the destination STP id with its label, as written
 * @param ero the explicit route's STPs, in order (CRS takes none)
 * @param parameters the names of the further typed parameters given (CRS takes none)
 */
public record NsiReserveRequest(Optional<String> connectionId, Optional<String> globalReservationId,
                                Optional<String> description, Optional<Integer> version, Optional<Instant> start,
                                Optional<Instant> end, Optional<String> serviceType, long capacityMbps,
                                NsiDirectionality directionality, String sourceStp, String destStp, List<String> ero,
                                List<String> parameters) {

    public NsiReserveRequest {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(globalReservationId, "globalReservationId");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(serviceType, "serviceType");
        Objects.requireNonNull(directionality, "directionality");
        Objects.requireNonNull(sourceStp, "sourceStp");
        Objects.requireNonNull(destStp, "destStp");
        ero = List.copyOf(ero);
        parameters = List.copyOf(parameters);
    }
}
