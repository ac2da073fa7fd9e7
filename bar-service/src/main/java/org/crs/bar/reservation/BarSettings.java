package org.crs.bar.reservation;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.time.TimeInterval;

/**
 * How a BAR books.
 *
 * @param negotiationHold how long segments stay held while a reservation is negotiated (they
 *     are committed or aborted well before; the hold is what frees them if the BAR dies)
 * @param clientHold how long a hold-only reservation stays HELD waiting for the client's commit
 * @param setUpLead how long before the start activation begins, so the circuit is up on time
 * @param tearDownAllowance how long after the end a circuit may still be on its routers while
 *     it is taken down; with the lead, it widens what the segments book, so the next circuit
 *     on the same ports and VLANs is set up only once this one is gone
 * @param minimumDuration the shortest reservation accepted (seconds for a demo, minutes in production)
 * @param maximumAdvance how far ahead a reservation may start
 */
public record BarSettings(Duration negotiationHold, Duration clientHold, Duration setUpLead, Duration tearDownAllowance,
                          Duration minimumDuration, Duration maximumAdvance) {

    public BarSettings {
        Objects.requireNonNull(negotiationHold, "negotiationHold");
        Objects.requireNonNull(clientHold, "clientHold");
        Objects.requireNonNull(setUpLead, "setUpLead");
        Objects.requireNonNull(tearDownAllowance, "tearDownAllowance");
        Objects.requireNonNull(minimumDuration, "minimumDuration");
        Objects.requireNonNull(maximumAdvance, "maximumAdvance");
    }

    /**
     * Production defaults: 2 min negotiation holds, 10 min client holds, 1 s lead, 5 s for a
     * tear-down, 1 min minimum, a year ahead.
     */
    public static BarSettings defaults() {
        return new BarSettings(Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(1), Duration.ofSeconds(5),
                Duration.ofMinutes(1), Duration.ofDays(366));
    }

    /** What the segments of a circuit booked over {@code booked} book: from the lead before to the allowance after. */
    public TimeInterval configured(TimeInterval booked) {
        return new TimeInterval(booked.start().minus(setUpLead), booked.end().plus(tearDownAllowance));
    }

    public BarSettings withMinimumDuration(Duration minimum) {
        return new BarSettings(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimum, maximumAdvance);
    }

    public BarSettings withClientHold(Duration hold) {
        return new BarSettings(negotiationHold, hold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance);
    }

    public BarSettings withSetUpLead(Duration lead) {
        return new BarSettings(negotiationHold, clientHold, lead, tearDownAllowance, minimumDuration, maximumAdvance);
    }
}
