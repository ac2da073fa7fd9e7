package org.crs.bar.port;

import java.time.Duration;

/**
 * What the BAR measures of its bookings for its operators ({@code /metrics}, docs/metrics.md):
 * how long a booking request took to be answered, and how late each circuit came up. Calls are
 * quick and never fail the booking.
 */
public interface BookingMeasurements {

    /**
     * A booking request was answered.
     *
     * @param took from the request reaching the service to its answer (negotiation included)
     * @param answer the state it was answered in ({@code RESERVED}, {@code REJECTED}, ...), or
     *     {@code BAD_REQUEST} when it was refused before negotiating, {@code ERROR} when it failed
     */
    void admissionAnswered(Duration took, String answer);

    /**
     * A circuit became ACTIVE.
     *
     * @param lateness when it became ACTIVE minus its booked start; negative when early
     */
    void circuitUp(Duration lateness);

    /** Measures nothing. */
    BookingMeasurements NONE = new BookingMeasurements() {
        @Override
        public void admissionAnswered(Duration took, String answer) {
        }

        @Override
        public void circuitUp(Duration lateness) {
        }
    };
}
