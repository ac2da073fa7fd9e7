package org.crs.bar.nsi;

import static org.crs.bar.nsi.NsiEvent.ABORT_CONFIRMED;
import static org.crs.bar.nsi.NsiEvent.COMMIT_CONFIRMED;
import static org.crs.bar.nsi.NsiEvent.COMMIT_FAILED;
import static org.crs.bar.nsi.NsiEvent.DATA_PLANE_DOWN;
import static org.crs.bar.nsi.NsiEvent.DATA_PLANE_UP;
import static org.crs.bar.nsi.NsiEvent.END_TIME_PASSED;
import static org.crs.bar.nsi.NsiEvent.FORCED_END;
import static org.crs.bar.nsi.NsiEvent.HOLD_TIMED_OUT;
import static org.crs.bar.nsi.NsiEvent.MODIFY;
import static org.crs.bar.nsi.NsiEvent.PROVISION;
import static org.crs.bar.nsi.NsiEvent.PROVISION_CONFIRMED;
import static org.crs.bar.nsi.NsiEvent.PROVISION_FAILED;
import static org.crs.bar.nsi.NsiEvent.RELEASE;
import static org.crs.bar.nsi.NsiEvent.RELEASE_CONFIRMED;
import static org.crs.bar.nsi.NsiEvent.RELEASE_FAILED;
import static org.crs.bar.nsi.NsiEvent.RESERVE;
import static org.crs.bar.nsi.NsiEvent.RESERVE_ABORT;
import static org.crs.bar.nsi.NsiEvent.RESERVE_COMMIT;
import static org.crs.bar.nsi.NsiEvent.RESERVE_FAILED;
import static org.crs.bar.nsi.NsiEvent.RESERVE_HELD;
import static org.crs.bar.nsi.NsiEvent.TERMINATE;
import static org.crs.bar.nsi.NsiEvent.TERMINATE_CONFIRMED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;

/**
 * The three NSI machines, one row per event and state: the allowed moves are written out, and
 * every other state of the event's machine is refused with INVALID_TRANSITION and the current
 * states. States are written as {@link NsiStates#toString()} does:
 * {@code reservation/provision/lifecycle/data plane v<version>}.
 */
class NsiTransitionsTest {

    private static final OptionalInt NEVER_COMMITTED = OptionalInt.empty();
    private static final OptionalInt V1 = OptionalInt.of(1);
    private static final OptionalInt V2 = OptionalInt.of(2);

    /** One row: in {@code from}, with {@code committed}, {@code event} gives {@code expected}. */
    record Row(String from, OptionalInt committed, NsiEvent event, String expected) {
        @Override
        public String toString() {
            return from + (committed.isPresent() ? " (committed v" + committed.getAsInt() + ")" : " (never committed)")
                    + " + " + event + " -> " + expected;
        }
    }

    static final String REFUSED = "refused INVALID_TRANSITION";

    // --- the reservation machine: Released, Created, down; the committed version as each event needs

    /** The allowed moves of each reservation event, from state to state; every other state refuses it. */
    static final Map<NsiEvent, Map<NsiReservationState, NsiReservationState>> RESERVATION_MOVES = Map.of(
            RESERVE, Map.of(NsiReservationState.RESERVE_START, NsiReservationState.RESERVE_CHECKING),
            MODIFY, Map.of(NsiReservationState.RESERVE_START, NsiReservationState.RESERVE_CHECKING),
            RESERVE_HELD, Map.of(NsiReservationState.RESERVE_CHECKING, NsiReservationState.RESERVE_HELD),
            RESERVE_FAILED, Map.of(NsiReservationState.RESERVE_CHECKING, NsiReservationState.RESERVE_FAILED),
            RESERVE_COMMIT, Map.of(NsiReservationState.RESERVE_HELD, NsiReservationState.RESERVE_COMMITTING,
                    NsiReservationState.RESERVE_TIMEOUT, NsiReservationState.RESERVE_COMMITTING),
            COMMIT_CONFIRMED, Map.of(NsiReservationState.RESERVE_COMMITTING, NsiReservationState.RESERVE_START),
            COMMIT_FAILED, Map.of(NsiReservationState.RESERVE_COMMITTING, NsiReservationState.RESERVE_START),
            RESERVE_ABORT, Map.of(NsiReservationState.RESERVE_HELD, NsiReservationState.RESERVE_ABORTING,
                    NsiReservationState.RESERVE_FAILED, NsiReservationState.RESERVE_ABORTING,
                    NsiReservationState.RESERVE_TIMEOUT, NsiReservationState.RESERVE_ABORTING),
            ABORT_CONFIRMED, Map.of(NsiReservationState.RESERVE_ABORTING, NsiReservationState.RESERVE_START),
            HOLD_TIMED_OUT, Map.of(NsiReservationState.RESERVE_HELD, NsiReservationState.RESERVE_TIMEOUT));

    static Stream<Arguments> reservationMachine() {
        List<Row> rows = new ArrayList<>();
        RESERVATION_MOVES.forEach((event, moves) -> {
            // a reserve is made on a connection with nothing committed, a modify on one with something
            OptionalInt committed = event == RESERVE ? NEVER_COMMITTED : V1;
            for (NsiReservationState from : NsiReservationState.values()) {
                NsiReservationState to = moves.get(from);
                rows.add(new Row(from.wireName() + "/Released/Created/down v0", committed, event,
                        to == null ? REFUSED : to.wireName() + "/Released/Created/down v0"));
            }
        });
        rows.add(new Row("ReserveStart/Released/Created/down v0", V1, RESERVE, REFUSED));
        rows.add(new Row("ReserveStart/Released/Created/down v0", NEVER_COMMITTED, MODIFY, REFUSED));
        return sorted(rows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reservationMachine")
    void theReservationMachine(Row row) {
        assertEquals(row.expected(), outcome(row));
    }

    // --- the provision machine: ReserveStart, Created, down, committed v1

    static final Map<NsiEvent, Map<ProvisionState, ProvisionState>> PROVISION_MOVES = Map.of(
            PROVISION, Map.of(ProvisionState.RELEASED, ProvisionState.PROVISIONING),
            PROVISION_CONFIRMED, Map.of(ProvisionState.PROVISIONING, ProvisionState.PROVISIONED),
            PROVISION_FAILED, Map.of(ProvisionState.PROVISIONING, ProvisionState.RELEASED),
            RELEASE, Map.of(ProvisionState.PROVISIONED, ProvisionState.RELEASING),
            RELEASE_CONFIRMED, Map.of(ProvisionState.RELEASING, ProvisionState.RELEASED),
            RELEASE_FAILED, Map.of(ProvisionState.RELEASING, ProvisionState.PROVISIONED));

    static Stream<Arguments> provisionMachine() {
        List<Row> rows = new ArrayList<>();
        PROVISION_MOVES.forEach((event, moves) -> {
            for (ProvisionState from : ProvisionState.values()) {
                ProvisionState to = moves.get(from);
                rows.add(new Row("ReserveStart/" + from.wireName() + "/Created/down v0", V1, event,
                        to == null ? REFUSED : "ReserveStart/" + to.wireName() + "/Created/down v0"));
            }
        });
        // provision before the first commit; provision while a first reserve is held
        rows.add(new Row("ReserveStart/Released/Created/down v0", NEVER_COMMITTED, PROVISION, REFUSED));
        rows.add(new Row("ReserveHeld/Released/Created/down v0", NEVER_COMMITTED, PROVISION, REFUSED));
        // a modify held does not stop provisioning the committed criteria
        rows.add(new Row("ReserveHeld/Released/Created/down v0", V1, PROVISION,
                "ReserveHeld/Provisioning/Created/down v0"));
        return sorted(rows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("provisionMachine")
    void theProvisionMachine(Row row) {
        assertEquals(row.expected(), outcome(row));
    }

    // --- the lifecycle machine: ReserveStart, Released, down, committed v1

    static final Map<NsiEvent, Map<LifecycleState, LifecycleState>> LIFECYCLE_MOVES = Map.of(
            TERMINATE, Map.of(LifecycleState.CREATED, LifecycleState.TERMINATING,
                    LifecycleState.PASSED_END_TIME, LifecycleState.TERMINATING,
                    LifecycleState.FAILED, LifecycleState.TERMINATING,
                    LifecycleState.TERMINATING, LifecycleState.TERMINATING),
            TERMINATE_CONFIRMED, Map.of(LifecycleState.TERMINATING, LifecycleState.TERMINATED),
            END_TIME_PASSED, Map.of(LifecycleState.CREATED, LifecycleState.PASSED_END_TIME),
            FORCED_END, Map.of(LifecycleState.CREATED, LifecycleState.FAILED));

    static Stream<Arguments> lifecycleMachine() {
        List<Row> rows = new ArrayList<>();
        LIFECYCLE_MOVES.forEach((event, moves) -> {
            for (LifecycleState from : LifecycleState.values()) {
                LifecycleState to = moves.get(from);
                rows.add(new Row("ReserveStart/Released/" + from.wireName() + "/down v0", V1, event,
                        to == null ? REFUSED : "ReserveStart/Released/" + to.wireName() + "/down v0"));
            }
        });
        return sorted(rows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lifecycleMachine")
    void theLifecycleMachine(Row row) {
        assertEquals(row.expected(), outcome(row));
    }

    // --- requests once the lifecycle left Created; the BAR's confirmations then

    /** Each request in a state where it is allowed while Created. */
    static final Map<NsiEvent, String> ALLOWED_WHILE_CREATED = Map.of(
            RESERVE, "ReserveStart/Released/%s/down v0",
            MODIFY, "ReserveStart/Released/%s/down v0",
            RESERVE_COMMIT, "ReserveHeld/Released/%s/down v0",
            RESERVE_ABORT, "ReserveHeld/Released/%s/down v0",
            PROVISION, "ReserveStart/Released/%s/down v0",
            RELEASE, "ReserveStart/Provisioned/%s/down v0");

    static Stream<Arguments> requestsOutsideCreated() {
        List<Row> rows = new ArrayList<>();
        ALLOWED_WHILE_CREATED.forEach((event, states) -> {
            for (LifecycleState l : List.of(LifecycleState.FAILED, LifecycleState.PASSED_END_TIME,
                    LifecycleState.TERMINATING, LifecycleState.TERMINATED)) {
                rows.add(new Row(String.format(states, l.wireName()), event == RESERVE ? NEVER_COMMITTED : V1, event,
                        REFUSED));
            }
        });
        // the BAR's answers to requests made before: taken while terminating or past the end, not once terminated
        rows.add(new Row("ReserveCommitting/Released/Terminating/down v0", V1, COMMIT_CONFIRMED,
                "ReserveStart/Released/Terminating/down v0"));
        rows.add(new Row("ReserveChecking/Released/PassedEndTime/down v0", V1, RESERVE_FAILED,
                "ReserveFailed/Released/PassedEndTime/down v0"));
        rows.add(new Row("ReserveHeld/Released/Terminating/down v0", V1, HOLD_TIMED_OUT,
                "ReserveTimeout/Released/Terminating/down v0"));
        rows.add(new Row("ReserveCommitting/Released/Terminated/down v0", V1, COMMIT_CONFIRMED, REFUSED));
        rows.add(new Row("ReserveStart/Releasing/Terminated/down v0", V1, RELEASE_CONFIRMED, REFUSED));
        rows.add(new Row("ReserveStart/Provisioning/Failed/down v0", V1, PROVISION_CONFIRMED,
                "ReserveStart/Provisioned/Failed/down v0"));
        return sorted(rows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requestsOutsideCreated")
    void onlyTerminateIsRequestedOnceTheLifecycleLeftCreated(Row row) {
        assertEquals(row.expected(), outcome(row));
    }

    // --- the data plane

    static Stream<Arguments> dataPlane() {
        return sorted(List.of(
                new Row("ReserveStart/Provisioned/Created/down v0", V1, DATA_PLANE_UP, "ReserveStart/Provisioned/Created/up v1"),
                new Row("ReserveStart/Provisioned/Created/up v1", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/Created/up v1", V2, DATA_PLANE_UP, "ReserveStart/Provisioned/Created/up v2"),
                new Row("ReserveStart/Provisioned/Created/down v1", V2, DATA_PLANE_UP, "ReserveStart/Provisioned/Created/up v2"),
                new Row("ReserveStart/Released/Created/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioning/Created/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Releasing/Created/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/PassedEndTime/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/Failed/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/Terminating/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/Terminated/down v0", V1, DATA_PLANE_UP, REFUSED),
                new Row("ReserveStart/Provisioned/Created/up v1", V1, DATA_PLANE_DOWN, "ReserveStart/Provisioned/Created/down v1"),
                new Row("ReserveStart/Releasing/Created/up v1", V1, DATA_PLANE_DOWN, "ReserveStart/Releasing/Created/down v1"),
                new Row("ReserveStart/Provisioned/PassedEndTime/up v1", V1, DATA_PLANE_DOWN,
                        "ReserveStart/Provisioned/PassedEndTime/down v1"),
                new Row("ReserveStart/Provisioned/Terminating/up v1", V1, DATA_PLANE_DOWN,
                        "ReserveStart/Provisioned/Terminating/down v1"),
                new Row("ReserveStart/Provisioned/Terminated/up v1", V1, DATA_PLANE_DOWN,
                        "ReserveStart/Provisioned/Terminated/down v1"),
                new Row("ReserveStart/Provisioned/Created/down v1", V1, DATA_PLANE_DOWN, REFUSED)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataPlane")
    void theDataPlaneIsUpOnlyWhenProvisionedWithCommittedCriteria(Row row) {
        assertEquals(row.expected(), outcome(row));
    }

    // --- the typed refusal and a whole connection's life

    @Test
    void aRefusalCarriesInvalidTransitionAndTheCurrentStates() {
        NsiStates terminated = states("ReserveStart/Released/Terminated/down v1");

        NsiTransitionRefused e = assertThrows(NsiTransitionRefused.class,
                () -> NsiTransitions.next(terminated, V1, TERMINATE).orElseThrow());

        assertEquals(List.of(NsiErrorId.INVALID_TRANSITION, terminated, TERMINATE),
                List.of(e.errorId(), e.refusal().current(), e.refusal().event()));
    }

    @Test
    void aConnectionLivesFromReserveToTerminated() {
        NsiStates s = NsiStates.checking();
        OptionalInt committed = NEVER_COMMITTED;
        List<String> seen = new ArrayList<>();
        for (NsiEvent e : List.of(RESERVE_HELD, RESERVE_COMMIT, COMMIT_CONFIRMED, PROVISION, PROVISION_CONFIRMED,
                DATA_PLANE_UP, END_TIME_PASSED, DATA_PLANE_DOWN, TERMINATE, TERMINATE_CONFIRMED)) {
            s = NsiTransitions.next(s, committed, e).orElseThrow();
            committed = e == COMMIT_CONFIRMED ? V1 : committed;
            seen.add(s.toString());
        }

        assertEquals(List.of("ReserveHeld/Released/Created/down v0", "ReserveCommitting/Released/Created/down v0",
                "ReserveStart/Released/Created/down v0", "ReserveStart/Provisioning/Created/down v0",
                "ReserveStart/Provisioned/Created/down v0", "ReserveStart/Provisioned/Created/up v1",
                "ReserveStart/Provisioned/PassedEndTime/up v1", "ReserveStart/Provisioned/PassedEndTime/down v1",
                "ReserveStart/Provisioned/Terminating/down v1", "ReserveStart/Provisioned/Terminated/down v1"), seen);
    }

    @Test
    void aModifyAsksForAVersionAboveTheCommittedOne() {
        NsiConnection never = NsiConnection.reserved("urn:ogf:network:domain-c.crs.example:2026:nsa",
                "urn:ogf:network:site-a.crs.example:2026:nsa", Optional.empty(), Optional.empty(),
                Optional.empty(), "nsi-1", criteria(1), Instant.parse("2030-01-01T10:00:00Z"));
        NsiConnection committedV2 = new NsiConnection(never.connectionId(), never.requesterNsa(), never.providerNsa(),
                never.globalReservationId(), never.description(), never.replyTo(), never.requestId(), criteria(2),
                Optional.of(criteria(2)), states("ReserveStart/Released/Created/down v0"), never.created(),
                never.updated(), 1, 1, Optional.empty(), never.awaited());

        assertEquals(List.of(true, false, false, true), List.of(never.acceptsVersion(1), committedV2.acceptsVersion(1),
                committedV2.acceptsVersion(2), committedV2.acceptsVersion(3)));
    }

    private static NsiCriteria criteria(int version) {
        Instant start = Instant.parse("2030-01-01T11:00:00Z");
        return new NsiCriteria(version, start, Optional.of(start.plusSeconds(3600)), 100,
                "urn:ogf:network:site-a.crs.example:2026:topology:host-a1",
                "urn:ogf:network:site-a.crs.example:2026:topology:to-domain-c?vlan=3001", NsiDirectionality.BIDIRECTIONAL,
                "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE");
    }

    // --- the table's notation

    private static String outcome(Row row) {
        NsiStates from = states(row.from());
        NsiTransition t = NsiTransitions.next(from, row.committed(), row.event());
        if (t instanceof NsiTransition.Refused r) {
            // a refusal names the states it was refused in: they must be the ones it was asked in
            return r.current().equals(from) && r.event() == row.event() ? "refused " + r.errorId().name()
                    : "refused in other states " + r.current();
        }
        return t.after().toString();
    }

    /** Reads {@code ReserveHeld/Released/Created/down v0}. */
    static NsiStates states(String text) {
        String[] p = text.split("/");
        String[] plane = p[3].split(" v");
        return new NsiStates(NsiReservationState.fromWire(p[0]).orElseThrow(), ProvisionState.fromWire(p[1]).orElseThrow(),
                LifecycleState.fromWire(p[2]).orElseThrow(), plane[0].equals("up"), Integer.parseInt(plane[1]));
    }

    private static Stream<Arguments> sorted(List<Row> rows) {
        return rows.stream().sorted((a, b) -> a.toString().compareTo(b.toString())).map(Arguments::of);
    }

    @Test
    void everyEventIsInTheTables() {
        List<NsiEvent> tabled = new ArrayList<>();
        tabled.addAll(RESERVATION_MOVES.keySet());
        tabled.addAll(PROVISION_MOVES.keySet());
        tabled.addAll(LIFECYCLE_MOVES.keySet());
        tabled.addAll(List.of(DATA_PLANE_UP, DATA_PLANE_DOWN));
        assertEquals(Arrays.stream(NsiEvent.values()).sorted().toList(), tabled.stream().sorted().toList());
    }
}
