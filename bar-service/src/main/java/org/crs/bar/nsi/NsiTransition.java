package org.crs.bar.nsi;

import java.util.Objects;

import org.crs.domain.nsi.NsiErrorId;

/** What an event does to a connection's states: moves them, or is refused in them. */
public sealed interface NsiTransition {

    /** The event. */
    NsiEvent event();

    /** The states after the event: the new ones, or the current ones when it was refused. */
    NsiStates after();

    /**
     * The states the event moves the connection to.
     *
     * @throws NsiTransitionRefused when it was refused
     */
    default NsiStates orElseThrow() {
        if (this instanceof Refused r) {
            throw new NsiTransitionRefused(r);
        }
        return after();
    }

    /** The event moves the connection from {@code from} to {@code to}. */
    record Moved(NsiEvent event, NsiStates from, NsiStates to) implements NsiTransition {
        public Moved {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
        }

        @Override
        public NsiStates after() {
            return to;
        }
    }

    /**
     * The event is not allowed in {@code current}: answered to the requester as a
     * serviceException with {@code errorId} ({@link NsiErrorId#INVALID_TRANSITION}) naming the states.
     *
     * @param why what forbids it, for the serviceException's text
     */
    record Refused(NsiEvent event, NsiStates current, NsiErrorId errorId, String why) implements NsiTransition {
        public Refused {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(current, "current");
            Objects.requireNonNull(errorId, "errorId");
            Objects.requireNonNull(why, "why");
        }

        @Override
        public NsiStates after() {
            return current;
        }
    }
}
