package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * When a reservation's activation begins, before its start.
 *
 * <p>The segments of a circuit book {@code [start − setUpLead, end + tearDownAllowance)}
 * ({@link BarSettings#configured}), so a circuit may be on its routers from {@code setUpLead}
 * before its start without running over anyone else's ports or VLANs. Every plan keeps to that
 * rule: no activation begins earlier than {@code start − setUpLead}. The set-up lead is the
 * longest lead a plan may take, and it is booked.
 *
 * <ul>
 *   <li>{@link Fixed}: every activation begins at {@code start − setUpLead}, whatever else is
 *       due (the BAR's behaviour before plans).</li>
 *   <li>{@link Queued}: each activation begins early enough for the work queued before it on its
 *       parts. Circuits starting together are set up in batches of {@code batchSize} per router
 *       (one session and one save each, at the L-NSAP or NSAP), so the circuits due at or before
 *       a circuit's start on the same parts take {@code perCircuit} each plus {@code perBatch} per
 *       batch (the first circuit to reach an idle router goes alone, the rest in batches); the activation begins that long before the start, at least {@code minimumLead} and
 *       at most the set-up lead.</li>
 * </ul>
 */
public sealed interface SetUpPlan {

    /**
     * When the reservation's activation begins.
     *
     * @param r the reservation
     * @param due the reservations due to be activated soon (this one among them or not): those
     *     not yet active whose start is within the set-up lead
     * @param setUpLead the booked lead, the longest a plan may take
     */
    Instant activationBegins(Reservation r, Collection<Reservation> due, Duration setUpLead);

    /** Every activation at {@code start − setUpLead}. */
    record Fixed() implements SetUpPlan {
        @Override
        public Instant activationBegins(Reservation r, Collection<Reservation> due, Duration setUpLead) {
            return r.request().interval().start().minus(setUpLead);
        }
    }

    /**
     * Each activation early enough for the work queued before it on its parts.
     *
     * @param perCircuit the router time of one circuit on its busiest router (its configuration
     *     lines at the router's pace): about 20 lines at 30 ms on a loaded 7600
     * @param perBatch the router time of one batch beyond its circuits' lines: the login, the
     *     read-backs and the save (seconds on a loaded router)
     * @param batchSize how many circuits a router takes in one batch (the L-NSAP's and NSAP's
     *     {@code SetUpQueues.MAX_BATCH})
     * @param minimumLead the lead of a circuit with nothing queued before it
     */
    record Queued(Duration perCircuit, Duration perBatch, int batchSize, Duration minimumLead) implements SetUpPlan {

        public Queued {
            Objects.requireNonNull(perCircuit, "perCircuit");
            Objects.requireNonNull(perBatch, "perBatch");
            Objects.requireNonNull(minimumLead, "minimumLead");
            if (perCircuit.isNegative() || perBatch.isNegative() || minimumLead.isNegative()) {
                throw new IllegalArgumentException("a set-up plan's durations cannot be negative");
            }
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
            }
        }

        /**
         * {@code start − lead}, the lead being the work of the circuits due at or before this one's
         * start that share a controller with it (this one included), between the minimum lead and
         * the set-up lead. Counting by controller over-counts (a controller drives several routers),
         * which begins earlier, never later.
         */
        @Override
        public Instant activationBegins(Reservation r, Collection<Reservation> due, Duration setUpLead) {
            Instant start = r.request().interval().start();
            Set<String> controllers = controllersOf(r);
            long queued = due.stream()
                    .filter(o -> !o.requestId().equals(r.requestId()))
                    .filter(o -> !o.request().interval().start().isAfter(start))
                    .filter(o -> controllersOf(o).stream().anyMatch(controllers::contains))
                    .count() + 1;
            // The first circuit to reach an idle router is set up alone; those queued behind it go in batches.
            long batches = 1 + (queued - 1 + batchSize - 1) / batchSize;
            Duration lead = perCircuit.multipliedBy(queued).plus(perBatch.multipliedBy(batches));
            if (lead.compareTo(minimumLead) < 0) {
                lead = minimumLead;
            }
            if (lead.compareTo(setUpLead) > 0) {
                lead = setUpLead;
            }
            return start.minus(lead);
        }

        private static Set<String> controllersOf(Reservation r) {
            return r.segments().stream().map(Segment::controller).collect(Collectors.toSet());
        }
    }
}
