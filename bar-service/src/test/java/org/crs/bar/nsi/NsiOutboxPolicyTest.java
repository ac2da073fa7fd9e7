package org.crs.bar.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.crs.domain.time.Backoff;

/** When the callback outbox tries a message again and when it gives up. */
class NsiOutboxPolicyTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final NsiOutboxPolicy POLICY = new NsiOutboxPolicy(new Backoff(Duration.ofSeconds(5), Duration.ofSeconds(60)),
            Duration.ofHours(1), Duration.ofMinutes(1));

    @Test
    void aMessageIsTriedUntilTheReservationEnds() {
        Instant end = T0.plus(Duration.ofDays(2));
        assertEquals(end, POLICY.deadline(Optional.of(end), T0));
    }

    @Test
    void aMessageNearOrAfterTheEndOrOfAnOpenEndedReservationIsTriedForTheMinimum() {
        assertEquals(List.of(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(1))),
                List.of(POLICY.deadline(Optional.of(T0.plusSeconds(600)), T0),
                        POLICY.deadline(Optional.of(T0.minusSeconds(600)), T0),
                        POLICY.deadline(Optional.empty(), T0)));
    }

    @Test
    void thePauseDoublesFromTheFirstUpToTheLongest() {
        Instant deadline = T0.plus(Duration.ofDays(1));
        assertEquals(List.of(5L, 10L, 20L, 40L, 60L, 60L), List.of(1, 2, 3, 4, 5, 9).stream()
                .map(n -> ((NsiOutboxPolicy.Next.TryAgain) POLICY.afterFailure(n, T0, deadline)).at())
                .map(at -> Duration.between(T0, at).toSeconds()).toList());
    }

    @Test
    void aFailureWhoseNextAttemptWouldReachTheDeadlineGivesUp() {
        Instant deadline = T0.plusSeconds(20);
        assertEquals(List.of(new NsiOutboxPolicy.Next.TryAgain(T0.plusSeconds(10)), new NsiOutboxPolicy.Next.GiveUp(deadline)),
                List.of(POLICY.afterFailure(2, T0, deadline), POLICY.afterFailure(3, T0, deadline)));
    }
}
