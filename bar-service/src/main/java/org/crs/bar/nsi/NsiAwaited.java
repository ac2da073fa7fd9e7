package org.crs.bar.nsi;

import java.util.Objects;
import java.util.Optional;

/**
 * The correlation ids of the requests whose results an NSI connection still owes, one per machine:
 * the request that last moved the machine into a transitional state (ReserveChecking,
 * ReserveCommitting, ReserveAborting; Provisioning, Releasing; Terminating) is the one its
 * confirmed or failed result answers, whoever decides that result (the request's own call, the
 * sweep, another replica, after a restart). Kept with the connection so that a requester, which
 * matches results to its requests by correlation id, always can. Empty where no request of that
 * machine was ever made (or the connection predates schema/bar V18).
 *
 * @param reservation the last reserve, modify, reserveCommit or reserveAbort
 * @param provision the last provision or release
 * @param lifecycle the terminate
 */
public record NsiAwaited(Optional<String> reservation, Optional<String> provision, Optional<String> lifecycle) {

    public NsiAwaited {
        Objects.requireNonNull(reservation, "reservation");
        Objects.requireNonNull(provision, "provision");
        Objects.requireNonNull(lifecycle, "lifecycle");
    }

    /** No request awaited yet. */
    public static NsiAwaited none() {
        return new NsiAwaited(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * These ids with the requester's request {@code event}, sent with {@code correlationId}, as the
     * one its machine's result answers.
     *
     * @throws IllegalArgumentException when {@code event} is not a requester's request
     */
    public NsiAwaited with(NsiEvent event, String correlationId) {
        Optional<String> id = Optional.of(Objects.requireNonNull(correlationId, "correlationId"));
        return switch (event) {
            case RESERVE, MODIFY, RESERVE_COMMIT, RESERVE_ABORT -> new NsiAwaited(id, provision, lifecycle);
            case PROVISION, RELEASE -> new NsiAwaited(reservation, id, lifecycle);
            case TERMINATE -> new NsiAwaited(reservation, provision, id);
            default -> throw new IllegalArgumentException(event + " is not a requester's request");
        };
    }
}
