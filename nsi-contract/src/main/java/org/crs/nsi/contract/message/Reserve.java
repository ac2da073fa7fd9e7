package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code reserve}: asks for a new reservation, or with a connection id for a modify of one. The
 * provider answers with {@link ReserveResponse} and sends reserveConfirmed or reserveFailed.
 *
 * @param connectionId only on a modify
 * @param globalReservationId the requester's own id for the reservation, when it has one
 * @param description a person's reading
 * @param criteria what is asked for
 */
public record Reserve(Optional<String> connectionId, Optional<String> globalReservationId,
        Optional<String> description, Criteria criteria) implements ProviderRequest {

    /** The element's local name. */
    public static final String ELEMENT = "reserve";

    public Reserve {
        Checks.optional(connectionId, "connectionId");
        Checks.optional(globalReservationId, "globalReservationId");
        Checks.optional(description, "description");
        Checks.part(criteria, "criteria");
    }

    /** A new reservation. */
    public static Reserve of(Optional<String> globalReservationId, Optional<String> description, Criteria criteria) {
        return new Reserve(Optional.empty(), globalReservationId, description, criteria);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
