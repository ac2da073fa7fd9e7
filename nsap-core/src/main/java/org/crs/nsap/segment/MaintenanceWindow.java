package org.crs.nsap.segment;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.time.TimeInterval;

/**
 * A resource taken out of service by an operator over a half-open interval, as table
 * {@code maintenance_window} keeps it. While it is live, admission refuses every hold and
 * every change that would book the resource at an instant of it. Lifting it keeps the
 * window, with who lifted it, when and why.
 *
 * @param id the number the store gave it, from 1
 * @param resourceId the resource it takes out of service
 * @param interval when, UTC
 * @param reason why, for people
 * @param createdBy who recorded it: the authenticated caller (a BAR, or the process itself)
 * @param createdAt when it was recorded
 * @param lifted how it was lifted, or null while it is live
 * @param declaredByOperator the operator the calling BAR declared it for; empty when none was
 *     named (a BAR from before operators were passed, or the process acting on its own)
 */
public record MaintenanceWindow(long id, String resourceId, TimeInterval interval, String reason, String createdBy,
                                Instant createdAt, Lift lifted, Optional<String> declaredByOperator) {

    /** A window declared without naming an operator. */
    public MaintenanceWindow(long id, String resourceId, TimeInterval interval, String reason, String createdBy,
                             Instant createdAt, Lift lifted) {
        this(id, resourceId, interval, reason, createdBy, createdAt, lifted, Optional.empty());
    }

    public MaintenanceWindow {
        Objects.requireNonNull(resourceId, "resourceId");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(declaredByOperator, "declaredByOperator");
    }

    /** Whether the window still counts: it has not been lifted. */
    public boolean live() {
        return lifted == null;
    }

    /**
     * The lifting of a window.
     *
     * @param by who lifted it: the authenticated caller
     * @param reason why
     * @param at when
     * @param operator the operator the calling BAR lifted it for; empty when none was named
     */
    public record Lift(String by, String reason, Instant at, Optional<String> operator) {

        public Lift {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(operator, "operator");
        }

        /** A lifting that names no operator. */
        public Lift(String by, String reason, Instant at) {
            this(by, reason, at, Optional.empty());
        }
    }
}
