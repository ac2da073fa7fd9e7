package org.crs.bar.reservation;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import org.crs.domain.time.Backoff;
import org.crs.domain.time.TimeInterval;

/**
 * How a BAR books.
 *
 * @param negotiationHold how long segments stay held while a reservation is negotiated (they
 *     are committed or aborted well before; the hold is what frees them if the BAR dies)
 * @param clientHold how long a hold-only reservation stays HELD waiting for the client's commit
 * @param setUpLead how long before the start activation begins, so the circuit is up on time; with
 *     a {@link SetUpPlan.Queued} plan, the longest lead the plan may take (it is booked)
 * @param tearDownAllowance how long after the end a circuit may still be on its routers while
 *     it is taken down; with the lead, it widens what the segments book, so the next circuit
 *     on the same ports and VLANs is set up only once this one is gone
 * @param minimumDuration the shortest reservation accepted (seconds for a demo, minutes in production)
 * @param maximumAdvance how far ahead a reservation may start
 * @param retries how calls that did not reach a part are tried again
 * @param setUpPlan when each activation begins, within the set-up lead (docs/burst-activation.md)
 */
public record BarSettings(Duration negotiationHold, Duration clientHold, Duration setUpLead, Duration tearDownAllowance,
                          Duration minimumDuration, Duration maximumAdvance, Retries retries, SetUpPlan setUpPlan) {

    /**
     * How the BAR tries again a call that did not reach a part (a refused connection, no answer
     * in time, a Server fault): the pause doubles from {@code pause} up to {@code maxPause}.
     *
     * @param activationGrace how long after a circuit's start its activation is still tried;
     *     then the reservation fails and every part is rolled back
     * @param pause the first pause
     * @param maxPause the longest pause
     * @param reconcileEvery how often the BAR asks its parts whether they still hold its live reservations
     * @param lease how long one attempt may take before another replica may take the work over
     *     (longer than a call's timeout)
     */
    public record Retries(Duration activationGrace, Duration pause, Duration maxPause, Duration reconcileEvery,
                          Duration lease) {

        public Retries {
            for (Duration d : List.of(activationGrace, pause, maxPause, reconcileEvery, lease)) {
                if (d == null || d.isNegative() || d.isZero()) {
                    throw new IllegalArgumentException("retry durations must be positive: " + d);
                }
            }
            if (maxPause.compareTo(pause) < 0) {
                throw new IllegalArgumentException("the longest pause " + maxPause + " is shorter than the first " + pause);
            }
        }

        /** 5 min grace, pauses from 1 s to 1 min, reconciled every 5 min, 15 s leases. */
        public static Retries defaults() {
            return new Retries(Duration.ofMinutes(5), Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ofMinutes(5),
                    Duration.ofSeconds(15));
        }

        /** The pause after the {@code attempts}th attempt: doubling from the first, at most the longest. */
        public Duration pauseAfter(int attempts) {
            return new Backoff(pause, maxPause).pauseAfter(attempts);
        }

        /** The lease of one attempt whose calls time out after {@code callTimeout}. */
        public Retries withCallTimeout(Duration callTimeout) {
            return new Retries(activationGrace, pause, maxPause, reconcileEvery, callTimeout.plusSeconds(5));
        }
    }

    /** Settings with every activation at the start minus the set-up lead ({@link SetUpPlan.Fixed}). */
    public BarSettings(Duration negotiationHold, Duration clientHold, Duration setUpLead, Duration tearDownAllowance,
                       Duration minimumDuration, Duration maximumAdvance, Retries retries) {
        this(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance, retries,
                new SetUpPlan.Fixed());
    }

    /** Settings with the default retries. */
    public BarSettings(Duration negotiationHold, Duration clientHold, Duration setUpLead, Duration tearDownAllowance,
                       Duration minimumDuration, Duration maximumAdvance) {
        this(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance, Retries.defaults());
    }

    public BarSettings {
        Objects.requireNonNull(negotiationHold, "negotiationHold");
        Objects.requireNonNull(clientHold, "clientHold");
        Objects.requireNonNull(setUpLead, "setUpLead");
        Objects.requireNonNull(tearDownAllowance, "tearDownAllowance");
        Objects.requireNonNull(minimumDuration, "minimumDuration");
        Objects.requireNonNull(maximumAdvance, "maximumAdvance");
        Objects.requireNonNull(retries, "retries");
        Objects.requireNonNull(setUpPlan, "setUpPlan");
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
        return new BarSettings(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimum, maximumAdvance, retries,
                setUpPlan);
    }

    public BarSettings withClientHold(Duration hold) {
        return new BarSettings(negotiationHold, hold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance, retries,
                setUpPlan);
    }

    public BarSettings withSetUpLead(Duration lead) {
        return new BarSettings(negotiationHold, clientHold, lead, tearDownAllowance, minimumDuration, maximumAdvance, retries,
                setUpPlan);
    }

    public BarSettings withRetries(Retries other) {
        return new BarSettings(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance,
                other, setUpPlan);
    }

    /** These settings with another set-up plan (and the same set-up lead, its bound). */
    public BarSettings withSetUpPlan(SetUpPlan plan) {
        return new BarSettings(negotiationHold, clientHold, setUpLead, tearDownAllowance, minimumDuration, maximumAdvance,
                retries, plan);
    }

    /** The time after which an activation is no longer tried: the booked start plus the grace. */
    public java.time.Instant activationDeadline(TimeInterval booked) {
        return booked.start().plus(retries.activationGrace());
    }

    /**
     * The time after which a reservation's activation is no longer tried: its start plus the
     * grace, or, for one provisioned after its start ({@link Provisioning#ON_PROVISION}), its
     * provision plus the grace (its activation began only then).
     */
    public java.time.Instant activationDeadline(Reservation r) {
        java.time.Instant start = r.request().interval().start();
        java.time.Instant provisioned = r.provision().changedAt();
        boolean late = r.request().provisioning() == Provisioning.ON_PROVISION && provisioned.isAfter(start);
        return (late ? provisioned : start).plus(retries.activationGrace());
    }
}
