package org.crs.domain.calendar;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.crs.domain.time.TimeInterval;

/**
 * The booked bandwidth of one resource (a host port, an uplink, a WAN link, an access point)
 * over time, and the windows in which the resource is down for maintenance.
 *
 * <p>Booked bandwidth is a piecewise-constant function of time: the sum, at each instant, of
 * the bookings whose half-open interval contains it. It is stored as its change points, so
 * {@link #peak}, {@link #add} and {@link #remove} cost O(log n + k), with n change points in
 * the calendar and k inside the interval asked about.
 *
 * <p>Maintenance windows are kept apart from the bookings rather than booked as full
 * capacity: the calendar does not know the capacity, a window must not be mistaken for a
 * circuit when bookings are summed or listed, and it can be lifted without touching them.
 * {@link #peak} reports bookings only; {@link #free} and admission report nothing free
 * while any maintenance window overlaps the interval. Windows may overlap each other.
 *
 * <p>Not thread-safe: a service builds one per admission, inside the transaction that locked
 * the resource, from the bookings it read.
 */
public final class BookingCalendar {

    private final StepFunction booked;
    // How many maintenance windows cover each instant; non-zero means unavailable.
    private final StepFunction maintenance = new StepFunction();

    /** An empty calendar: nothing booked, no maintenance. */
    public BookingCalendar() {
        this(new StepFunction());
    }

    private BookingCalendar(StepFunction booked) {
        this.booked = booked;
    }

    /** A calendar holding the given bookings. */
    public static BookingCalendar of(Collection<Booking> bookings) {
        List<StepFunction.Piece> pieces = new ArrayList<>(bookings.size());
        for (Booking booking : bookings) {
            pieces.add(new StepFunction.Piece(booking.interval(), booking.mbps()));
        }
        return new BookingCalendar(StepFunction.sum(pieces));
    }

    /** Books {@code booking.mbps()} more over its interval. */
    public void add(Booking booking) {
        booked.add(booking.interval(), booking.mbps());
    }

    /** Books {@code mbps} more over {@code interval}. */
    public void add(TimeInterval interval, long mbps) {
        add(new Booking(interval, mbps));
    }

    /**
     * Gives back {@code booking.mbps()} over its interval.
     *
     * @throws IllegalStateException if less than that is booked somewhere in the interval:
     *     the booking was never added, and removing it would make the calendar lie
     */
    public void remove(Booking booking) {
        long least = booked.min(booking.interval());
        if (least < booking.mbps()) {
            throw new IllegalStateException("cannot remove " + booking.mbps() + " Mbit/s over " + booking.interval()
                    + ": only " + least + " Mbit/s booked at some point of it");
        }
        booked.add(booking.interval(), -booking.mbps());
    }

    /** Gives back {@code mbps} over {@code interval}; see {@link #remove(Booking)}. */
    public void remove(TimeInterval interval, long mbps) {
        remove(new Booking(interval, mbps));
    }

    /** The bandwidth booked at {@code instant}, in Mbit/s. */
    public long bookedAt(Instant instant) {
        return booked.at(instant);
    }

    /**
     * The most bandwidth booked at any instant of {@code interval}, in Mbit/s. A booking that
     * ends exactly at the interval's start, or starts exactly at its end, does not count.
     */
    public long peak(TimeInterval interval) {
        return booked.max(interval);
    }

    /**
     * The bandwidth a new booking over {@code interval} could still take on a resource of
     * {@code capacityMbps}: zero while a maintenance window overlaps the interval, and never
     * negative even if the resource is overbooked (say after its capacity was lowered).
     */
    public long free(TimeInterval interval, long capacityMbps) {
        if (maintenanceDuring(interval).isPresent()) {
            return 0;
        }
        return Math.max(0, capacityMbps - peak(interval));
    }

    /** Makes the resource unavailable over {@code window}. */
    public void addMaintenance(TimeInterval window) {
        maintenance.add(window, 1);
    }

    /**
     * Lifts a window given to {@link #addMaintenance}.
     *
     * @throws IllegalStateException if no maintenance covers some part of {@code window}
     */
    public void removeMaintenance(TimeInterval window) {
        if (maintenance.min(window) < 1) {
            throw new IllegalStateException("no maintenance window covers all of " + window);
        }
        maintenance.add(window, -1);
    }

    /**
     * The first stretch of maintenance that overlaps {@code interval}, whole (it may begin
     * before the interval or end after it), or empty when the resource is available all over
     * the interval. Overlapping or touching windows make one stretch.
     */
    public Optional<TimeInterval> maintenanceDuring(TimeInterval interval) {
        return Optional.ofNullable(maintenance.firstNonZeroStretch(interval));
    }

    /**
     * The stretches of {@code window} during which the resource is down for maintenance, cut
     * to the window, in time order. Overlapping or touching windows make one stretch, so the
     * stretches never touch. For searching for free slots, where {@link #maintenanceDuring}
     * would have to be asked again after each stretch.
     */
    public List<TimeInterval> maintenanceWithin(TimeInterval window) {
        List<TimeInterval> stretches = new ArrayList<>();
        for (StepFunction.Piece piece : maintenance.pieces(window)) {
            if (piece.value() == 0) {
                continue;
            }
            int last = stretches.size() - 1;
            // Pieces are consecutive, so a non-zero piece right after another one continues its stretch.
            if (last >= 0 && stretches.get(last).end().equals(piece.interval().start())) {
                stretches.set(last, new TimeInterval(stretches.get(last).start(), piece.interval().end()));
            } else {
                stretches.add(piece.interval());
            }
        }
        return stretches;
    }

    /**
     * The booked bandwidth over {@code window} as consecutive steps of constant bandwidth, in
     * time order, covering the whole window (steps with nothing booked included). For
     * showing when capacity is free and for searching for free slots.
     */
    public List<Step> steps(TimeInterval window) {
        List<Step> steps = new ArrayList<>();
        for (StepFunction.Piece piece : booked.pieces(window)) {
            steps.add(new Step(piece.interval(), piece.value()));
        }
        return steps;
    }

    /**
     * The same steps as {@link #steps}, given to {@code visitor} one by one instead of built
     * into a list: for searches that read many calendars and keep only a few numbers of each
     * step.
     */
    public void forEachStep(TimeInterval window, StepVisitor visitor) {
        booked.forEachPiece(window, visitor::step);
    }

    /** Whether nothing is booked and no maintenance is planned, ever. */
    public boolean isEmpty() {
        return booked.isZero() && maintenance.isZero();
    }

    /** Receives the steps of {@link #forEachStep}, in time order. */
    public interface StepVisitor {

        /**
         * {@code bookedMbps} is booked from {@code start} until the next step's start, or until
         * the end of the window for the last step.
         */
        void step(Instant start, long bookedMbps);
    }

    /**
     * A stretch of time over which the booked bandwidth does not change.
     *
     * @param interval the stretch
     * @param bookedMbps the bandwidth booked all over it
     */
    public record Step(TimeInterval interval, long bookedMbps) {

        public Step {
            Objects.requireNonNull(interval, "interval");
        }
    }
}
