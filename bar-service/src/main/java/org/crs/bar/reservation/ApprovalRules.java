package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.access.Caller;

/**
 * Which bookings wait for an operator: rules tried in order, the first that matches decides;
 * when none matches, the booking is approved. A booking that waits must be approved by its
 * deadline, {@code deadlineBeforeStart} before its start; otherwise it is released.
 *
 * @param rules tried in order
 * @param deadlineBeforeStart how long before its start a waiting booking must be approved (zero: by its start)
 */
public record ApprovalRules(List<ApprovalRule> rules, Duration deadlineBeforeStart) {

    /** The default deadline: by the start. */
    public static final Duration DEFAULT_DEADLINE_BEFORE_START = Duration.ZERO;

    /** A decision and the rule that made it (empty when no rule matched). */
    public record Verdict(ApprovalDecision decision, Optional<ApprovalRule> rule) {
        public Verdict {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(rule, "rule");
        }

        /** Why, for a history: the rule, or that none matched. */
        public String why() {
            return rule.map(r -> "approval rule " + r).orElse("no approval rule matched");
        }
    }

    public ApprovalRules {
        rules = List.copyOf(rules);
        Objects.requireNonNull(deadlineBeforeStart, "deadlineBeforeStart");
        if (deadlineBeforeStart.isNegative()) {
            throw new IllegalArgumentException("deadlineBeforeStart must not be negative: " + deadlineBeforeStart);
        }
    }

    /** No rules: every booking is approved at once. */
    public static ApprovalRules none() {
        return new ApprovalRules(List.of(), DEFAULT_DEADLINE_BEFORE_START);
    }

    /** The decision for a booking: the first matching rule's, else {@link ApprovalDecision#APPROVE}. */
    public Verdict decide(ReservationRequest request, Caller caller, Instant now) {
        for (ApprovalRule rule : rules) {
            if (rule.matches(request, caller, now)) {
                return new Verdict(rule.decision(), Optional.of(rule));
            }
        }
        return new Verdict(ApprovalDecision.APPROVE, Optional.empty());
    }

    /** When a waiting booking of this request must have been approved. */
    public Instant deadline(ReservationRequest request) {
        return request.interval().start().minus(deadlineBeforeStart);
    }
}
