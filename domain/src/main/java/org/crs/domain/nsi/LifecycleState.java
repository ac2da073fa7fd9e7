package org.crs.domain.nsi;

import java.util.Optional;

/**
 * The NSI lifecycle state machine's states: {@code Created -> Terminating -> Terminated};
 * {@code Created -> PassedEndTime} at the end, {@code Created -> Failed} on a forced end, both of
 * which may then be terminated.
 */
public enum LifecycleState {
    CREATED("Created"),
    FAILED("Failed"),
    PASSED_END_TIME("PassedEndTime"),
    TERMINATING("Terminating"),
    TERMINATED("Terminated");

    private final String wireName;

    LifecycleState(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read leniently, in any case. */
    public static Optional<LifecycleState> fromWire(String text) {
        return WireNames.read(LifecycleState.class, LifecycleState::wireName, text, t -> t);
    }
}
