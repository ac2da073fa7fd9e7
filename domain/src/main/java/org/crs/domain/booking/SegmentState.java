package org.crs.domain.booking;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The state of a segment booking held by an NSAP or L-NSAP for a BAR.
 *
 * <pre>
 *   HELD -> COMMITTED -> ACTIVATING -> ACTIVE -> DEACTIVATING -> RELEASED
 *   HELD -> ABORTED | EXPIRED          COMMITTED -> ABORTED | RELEASED
 *   ACTIVATING -> FAILED               DEACTIVATING -> FAILED
 *   ACTIVATING -> COMMITTED   (an activation interrupted by a restart, its routers restored)
 *   ACTIVATING -> DEACTIVATING (a release that arrives while the activation is under way)
 *   ACTIVE -> SUSPENDING -> COMMITTED   (taken off its routers, its booking kept, to be activated again)
 *   SUSPENDING -> DEACTIVATING | FAILED
 * </pre>
 *
 * <p>{@link #ALLOWED} is the one table of moves; nothing else decides whether a move is
 * legal. Staying in the same state is not a move: a repeated request that finds the segment
 * already where it asked is answered by the service without a transition.
 */
public enum SegmentState {

    /** Resources booked for a client that has not committed yet; expires if it never does. */
    HELD,
    /** Booked for good; waits for its start time. */
    COMMITTED,
    /** Configuration is being pushed to the routers. */
    ACTIVATING,
    /** Configured and verified on the routers: the circuit runs. */
    ACTIVE,
    /** Configuration is being taken off the routers, at the end time or on cancel. */
    DEACTIVATING,
    /**
     * Configuration is being taken off the routers while the booking is kept: the circuit goes
     * down until it is activated again (an NSI release). Ends COMMITTED.
     */
    SUSPENDING,
    /** Ended normally: torn down at its end, or cancelled before it started. Final. */
    RELEASED,
    /**
     * Abandoned while the booking was being negotiated: by the client, or because another
     * segment of the circuit refused. Final.
     */
    ABORTED,
    /** The hold was not committed in time. Final. */
    EXPIRED,
    /**
     * Activation failed and what was applied was rolled back, or tear-down failed and the
     * device log says what is left on the routers. Final.
     */
    FAILED;

    /** Every legal move: from a state to the states it may go to next. */
    private static final Map<SegmentState, Set<SegmentState>> ALLOWED = new EnumMap<>(SegmentState.class);

    static {
        ALLOWED.put(HELD, EnumSet.of(COMMITTED, ABORTED, EXPIRED));
        // ABORTED: the BAR aborts every segment when one fails to commit, even those already committed.
        // RELEASED: cancelled before start; nothing was ever configured.
        ALLOWED.put(COMMITTED, EnumSet.of(ACTIVATING, ABORTED, RELEASED));
        // COMMITTED: a service that stopped mid-activation takes the parts off the routers at its
        // next start and puts the segment back, for the BAR's activation retry to activate again.
        // DEACTIVATING: a release that arrives while the routers are being configured; the
        // activation under way takes the segment off its routers again once it has finished.
        ALLOWED.put(ACTIVATING, EnumSet.of(COMMITTED, ACTIVE, DEACTIVATING, FAILED));
        // Any end of an active circuit (end time, cancel, a sibling segment failing) tears it down first.
        // SUSPENDING: taken down but kept booked, for a later activation.
        ALLOWED.put(ACTIVE, EnumSet.of(DEACTIVATING, SUSPENDING));
        ALLOWED.put(DEACTIVATING, EnumSet.of(RELEASED, FAILED));
        // COMMITTED: off its routers, booked as before. DEACTIVATING: a release that arrives while
        // the routers are being cleaned; the suspension under way ends it once they are. FAILED:
        // a part could not be removed, as for a failed tear-down.
        ALLOWED.put(SUSPENDING, EnumSet.of(COMMITTED, DEACTIVATING, FAILED));
        ALLOWED.put(RELEASED, EnumSet.noneOf(SegmentState.class));
        ALLOWED.put(ABORTED, EnumSet.noneOf(SegmentState.class));
        ALLOWED.put(EXPIRED, EnumSet.noneOf(SegmentState.class));
        ALLOWED.put(FAILED, EnumSet.noneOf(SegmentState.class));
    }

    /** Whether the table allows moving from this state to {@code next}. */
    public boolean canMoveTo(SegmentState next) {
        return ALLOWED.get(this).contains(next);
    }

    /**
     * Returns normally when the move to {@code next} is allowed.
     *
     * @throws IllegalStateException naming both states and the moves that are allowed
     */
    public void checkMoveTo(SegmentState next) {
        if (!canMoveTo(next)) {
            String allowed = ALLOWED.get(this).isEmpty() ? "none, it is final"
                    : ALLOWED.get(this).stream().map(Enum::name).collect(Collectors.joining(", "));
            throw new IllegalStateException("a segment cannot move from " + this + " to " + next
                    + " (allowed from " + this + ": " + allowed + ")");
        }
    }

    /** The states this one may move to, in declaration order. */
    public Set<SegmentState> next() {
        return EnumSet.copyOf(ALLOWED.get(this));
    }

    /** Whether no move leaves this state. */
    public boolean isFinal() {
        return ALLOWED.get(this).isEmpty();
    }

    /** Whether a segment in this state keeps its bandwidth and VLANs booked in the calendars. */
    public boolean holdsResources() {
        return switch (this) {
            case HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING, SUSPENDING -> true;
            case RELEASED, ABORTED, EXPIRED, FAILED -> false;
        };
    }
}
