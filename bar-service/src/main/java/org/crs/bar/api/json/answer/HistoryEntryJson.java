package org.crs.bar.api.json.answer;

import java.time.Instant;

import org.crs.domain.reservation.ReservationTransition;

/** One change of a reservation (schema {@code HistoryEntry}); the first has an empty {@code fromState}. */
public record HistoryEntryJson(String fromState, String toState, String actor, String reason, Instant at) {

    public static HistoryEntryJson of(ReservationTransition t) {
        return new HistoryEntryJson(t.from() == null ? "" : t.from().name(), t.to().name(), t.actor(), t.reason(), t.at());
    }
}
