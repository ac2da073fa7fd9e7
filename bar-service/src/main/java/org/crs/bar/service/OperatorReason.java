package org.crs.bar.service;

import org.crs.bar.reservation.BadRequest;

/** An operator's change to someone else's reservation or account says why: the owner is told, the history keeps it. */
final class OperatorReason {

    private OperatorReason() {
    }

    /** Refuses a missing or blank reason: {@code BAD_FIELD} naming {@code reason}. */
    static void require(String reason) throws BadRequest {
        if (reason == null || reason.isBlank()) {
            throw new BadRequest("reason", "is missing; an operator says why");
        }
    }
}
