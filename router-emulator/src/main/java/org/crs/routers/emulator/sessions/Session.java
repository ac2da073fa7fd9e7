package org.crs.routers.emulator.sessions;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One session on an emulated router: an SSH shell from its start to its end, or one SNMP SET
 * request from its arrival to its answer. The interval is half-open, {@code [opened, closed)}.
 *
 * @param id the router's own number for it, from 1, in the order sessions opened
 * @param kind SSH shell or SNMP SET
 * @param opened when it began (for SSH, when the shell started, after login)
 * @param closed when it ended, or null while it is open
 * @param commands for SSH, each line typed at the terminal so far, in order, except what was
 *     typed at a password prompt (a secret, never recorded); for an SNMP SET, none
 */
public record Session(long id, Kind kind, Instant opened, Instant closed, List<String> commands) {

    /** What kind of session. */
    public enum Kind {
        /** An SSH shell channel: an IOS terminal. */
        SSH,
        /** One SNMP SET request, answered under the device's lock. */
        SNMP_SET
    }

    public Session {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(opened, "opened");
        commands = List.copyOf(commands);
        if (closed != null && closed.isBefore(opened)) {
            throw new IllegalArgumentException("session " + id + " closed at " + closed + " before it opened at " + opened);
        }
    }

    /** False while the session is still open. */
    public boolean isClosed() {
        return closed != null;
    }

    /**
     * Whether the two sessions were open at one instant. A session still open counts as open
     * until now and on.
     */
    public boolean overlaps(Session other) {
        boolean thisEndsAfterOtherOpens = closed == null || closed.isAfter(other.opened);
        boolean otherEndsAfterThisOpens = other.closed == null || other.closed.isAfter(opened);
        return thisEndsAfterOtherOpens && otherEndsAfterThisOpens;
    }
}
