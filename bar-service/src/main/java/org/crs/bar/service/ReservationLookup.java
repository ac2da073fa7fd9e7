package org.crs.bar.service;

import java.util.Optional;

import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.domain.access.Caller;

/**
 * Finds the reservation an operation names, refusing as every operation does: BAD_FIELD naming
 * requestId for one that does not exist, NOT_ALLOWED naming it for one the caller may not act on
 * ({@link CallerAccess}). A record of the store: it keeps no state of its own.
 */
record ReservationLookup(ReservationStore store) {

    /** The reservation of the request's id, if any; refused when that id was used for another request. */
    Optional<Reservation> existingFor(ReservationRequest request) throws BadRequest {
        Optional<Reservation> existing = store.find(request.requestId());
        if (existing.isPresent() && !RequestValidator.sameRequest(existing.get().request(), request)) {
            throw new BadRequest("requestId", "reservation " + request.requestId() + " already exists for a different request");
        }
        return existing;
    }

    /** The reservation; BAD_FIELD naming requestId when there is none. */
    Reservation require(String requestId) throws BadRequest {
        RequestValidator.checkRequestId(requestId);
        return store.find(requestId).orElseThrow(() -> new BadRequest("requestId", "no reservation " + requestId));
    }

    /** The reservation, if it exists (else BAD_FIELD) and the caller may act on it (else NOT_ALLOWED), both naming requestId. */
    Reservation require(Caller caller, String requestId) throws BadRequest {
        return CallerAccess.requireMayAct(caller, require(requestId));
    }
}
