package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiStates;

/**
 * A message this provider writes to a requester, in the service's terms: the port
 ({@link NsiMessages}) writes it as the wire has it.
 */
public sealed interface NsiOutgoing {

    /** Which callback it is. */
    NsiMessageKind kind();

    /** reserveConfirmed: the connection held with {@code granted} (one VLAN on each hand-off end). */
    record ReserveConfirmed(NsiConnection connection, NsiCriteria granted) implements NsiOutgoing {
        public ReserveConfirmed {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(granted, "granted");
        }

        @Override
        public NsiMessageKind kind() {
            return NsiMessageKind.RESERVE_CONFIRMED;
        }
    }

    /** reserveFailed or reserveCommitFailed: the states after the failure and why. */
    record Failed(NsiMessageKind kind, String connectionId, NsiStates states, NsiRefusal why, String providerNsa)
            implements NsiOutgoing {
        public Failed {
            if (kind != NsiMessageKind.RESERVE_FAILED && kind != NsiMessageKind.RESERVE_COMMIT_FAILED) {
                throw new IllegalArgumentException("not a failure: " + kind);
            }
            Objects.requireNonNull(connectionId, "connectionId");
            Objects.requireNonNull(states, "states");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(providerNsa, "providerNsa");
        }
    }

    /**
     * error: a request acknowledged and then refused by the BAR (a provision or release of a
     * reservation that cannot be provisioned or released now), with the BAR's code.
     */
    record Error(String connectionId, NsiRefusal why, String providerNsa) implements NsiOutgoing {
        public Error {
            Objects.requireNonNull(connectionId, "connectionId");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(providerNsa, "providerNsa");
        }

        @Override
        public NsiMessageKind kind() {
            return NsiMessageKind.ERROR;
        }
    }

    /** A confirmation carrying the connection id alone: commit, abort, provision, release, terminate. */
    record Confirmed(NsiMessageKind kind, String connectionId) implements NsiOutgoing {
        public Confirmed {
            if (!List.of(NsiMessageKind.RESERVE_COMMIT_CONFIRMED, NsiMessageKind.RESERVE_ABORT_CONFIRMED,
                    NsiMessageKind.PROVISION_CONFIRMED, NsiMessageKind.RELEASE_CONFIRMED,
                    NsiMessageKind.TERMINATE_CONFIRMED).contains(kind)) {
                throw new IllegalArgumentException("not a bare confirmation: " + kind);
            }
            Objects.requireNonNull(connectionId, "connectionId");
        }
    }

    /** dataPlaneStateChange: the data plane of {@code states} as it is now. */
    record DataPlaneChange(String connectionId, long notificationId, Instant at, NsiStates states) implements NsiOutgoing {
        public DataPlaneChange {
            Objects.requireNonNull(connectionId, "connectionId");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(states, "states");
        }

        @Override
        public NsiMessageKind kind() {
            return NsiMessageKind.DATA_PLANE_STATE_CHANGE;
        }
    }

    /** errorEvent: the circuit failed to come up ({@code activateFailed}) or was ended ({@code forcedEnd}). */
    record ErrorEvent(String connectionId, long notificationId, Instant at, boolean activateFailed, String providerNsa,
                      String text) implements NsiOutgoing {
        public ErrorEvent {
            Objects.requireNonNull(connectionId, "connectionId");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(providerNsa, "providerNsa");
            Objects.requireNonNull(text, "text");
        }

        @Override
        public NsiMessageKind kind() {
            return NsiMessageKind.ERROR_EVENT;
        }
    }

    /** reserveTimeout: the hold lapsed after {@code timeoutSeconds}. */
    record ReserveTimeout(String connectionId, long notificationId, Instant at, int timeoutSeconds, String providerNsa)
            implements NsiOutgoing {
        public ReserveTimeout {
            Objects.requireNonNull(connectionId, "connectionId");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(providerNsa, "providerNsa");
        }

        @Override
        public NsiMessageKind kind() {
            return NsiMessageKind.RESERVE_TIMEOUT;
        }
    }

    /** querySummaryConfirmed or queryRecursiveConfirmed (a uPA's has no children): the connections found. */
    record Summary(NsiMessageKind kind, List<NsiConnection> connections) implements NsiOutgoing {
        public Summary {
            if (kind != NsiMessageKind.QUERY_SUMMARY_CONFIRMED && kind != NsiMessageKind.QUERY_RECURSIVE_CONFIRMED) {
                throw new IllegalArgumentException("not a summary: " + kind);
            }
            connections = List.copyOf(connections);
        }
    }

    /** queryNotificationConfirmed or queryResultConfirmed: the stored messages found. */
    record Stored(NsiMessageKind kind, List<NsiConnections.StoredMessage> messages) implements NsiOutgoing {
        public Stored {
            if (kind != NsiMessageKind.QUERY_NOTIFICATION_CONFIRMED && kind != NsiMessageKind.QUERY_RESULT_CONFIRMED) {
                throw new IllegalArgumentException("not a stored messages' answer: " + kind);
            }
            messages = List.copyOf(messages);
        }
    }
}
