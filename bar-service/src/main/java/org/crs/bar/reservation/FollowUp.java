package org.crs.bar.reservation;

import java.time.Instant;
import java.util.Objects;

/**
 * A call on one segment that has not reached its controller yet, kept until it does: the abort
 * of a part that did not answer, or the release of a part after a failed activation or a
 * cancel. The BAR tries it again at {@code nextAttemptAt}, the pause doubling, and forgets it
 * once the controller has answered (whatever it answers: then it holds nothing of ours that a
 * call could free).
 *
 * @param requestId the reservation the segment belongs to
 * @param bookingId the segment's booking id at its controller
 * @param controller the controller's name, as the reservation's segment records it
 * @param action what to ask of it
 * @param reason why, for the controller's history
 * @param nextAttemptAt when to try next (while a replica tries, the end of its lease)
 * @param attempts how many times it was tried after the first call
 */
public record FollowUp(String requestId, String bookingId, String controller, Action action, String reason,
                       Instant nextAttemptAt, int attempts) {

    /** What a follow-up asks of the segment's controller. */
    public enum Action {
        /** Abort a hold that may have been made (or a committed segment never activated). */
        ABORT,
        /** Deactivate: release a committed segment, take an active one off its routers. */
        RELEASE
    }

    public FollowUp {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(bookingId, "bookingId");
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
        reason = reason == null ? "" : reason;
    }

    /** The follow-up of a segment of reservation {@code requestId}, first tried at {@code at}. */
    public static FollowUp of(String requestId, Segment s, Action action, String reason, Instant at) {
        return new FollowUp(requestId, s.bookingId(), s.controller(), action, reason, at, 0);
    }
}
