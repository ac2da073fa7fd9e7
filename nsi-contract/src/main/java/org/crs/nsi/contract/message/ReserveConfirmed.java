package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code reserveConfirmed}: the reservation is held as granted; commit or abort it next.
 *
 * @param connectionId the connection
 * @param globalReservationId the requester's id, when it gave one
 * @param description the requester's description, when it gave one
 * @param criteria what was granted: version and service type always said, each STP with the
 *     one VLAN chosen
 */
public record ReserveConfirmed(String connectionId, Optional<String> globalReservationId,
        Optional<String> description, Criteria criteria) implements OperationResult, NamesConnection {

    /** The element's local name. */
    public static final String ELEMENT = "reserveConfirmed";

    public ReserveConfirmed {
        Checks.text(connectionId, "connectionId");
        Checks.optional(globalReservationId, "globalReservationId");
        Checks.optional(description, "description");
        Checks.part(criteria, "criteria");
        if (criteria.version().isEmpty() || criteria.serviceType().isEmpty()) {
            throw new IllegalArgumentException("a reserveConfirmed's criteria say their version and service type");
        }
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
