package org.crs.domain.time;

import java.time.Duration;
import java.util.Objects;

/**
 * Pauses between attempts that double from a first pause up to a longest one: the one rule the
 * BAR's due work, its notification outbox and its NSI callback outbox retry by.
 *
 * @param first the pause after the first failed attempt
 * @param max the longest pause
 */
public record Backoff(Duration first, Duration max) {

    public Backoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isNegative() || first.isZero()) {
            throw new IllegalArgumentException("the first pause must be positive: " + first);
        }
        if (max.compareTo(first) < 0) {
            throw new IllegalArgumentException("the longest pause " + max + " is shorter than the first " + first);
        }
    }

    /** The pause after the {@code attempts}th failed attempt (from 1): doubling from the first, at most the longest. */
    public Duration pauseAfter(int attempts) {
        Duration p = first;
        for (int i = 1; i < attempts && p.compareTo(max) < 0; i++) {
            p = p.multipliedBy(2);
        }
        return p.compareTo(max) > 0 ? max : p;
    }
}
