package org.crs.nsap.activation;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.admission.Resource;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.port.SegmentStore;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;

/**
 * The routers of {@code activation/routers.yaml} in the emulator (two 7600s, two 12000s),
 * segment builders, and a store that only records the device log.
 */
final class ActivationLab implements AutoCloseable {

    static final String EDGE_A = "edge-a";
    static final String EDGE_B = "edge-b";
    static final String CORE_1 = "core-1";
    static final String CORE_2 = "core-2";
    static final String LOOPBACK_1 = "10.0.0.1";
    static final String LOOPBACK_2 = "10.0.0.2";
    static final String ACCESS = "GigabitEthernet3/0";
    static final String TRUNK = "TenGigabitEthernet2/1";

    /** The credentials of routers.yaml; none may reach a device log or an exception. */
    static final List<String> SECRETS = List.of("activation-login-password", "activation-enable-secret",
            "activation-read-community", "activation-write-community", "activation-auth-passphrase",
            "activation-priv-passphrase");

    final RouterEmulator emulator;
    final RecordingStore store = new RecordingStore();

    ActivationLab() {
        try (InputStream in = ActivationLab.class.getResourceAsStream("/activation/routers.yaml")) {
            emulator = RouterEmulator.start(Inventory.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    EmulatedRouter router(String name) {
        return emulator.router(name);
    }

    String config(String name) {
        return router(name).runningConfig();
    }

    @Override
    public void close() {
        try {
            emulator.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- segments ------------------------------------------------------------------------------

    static Segment segment(String bookingId, long circuitId, long mbps, int vlan, List<RouterPart> parts) {
        Instant now = Instant.now();
        SegmentRequest request = new SegmentRequest(bookingId, "site-a", "site-b", mbps,
                TimeInterval.of(now, Duration.ofHours(1)), vlan, vlan);
        return new Segment(request, circuitId, SegmentState.COMMITTED, new Plan(List.of(), vlan, vlan, parts, "test"),
                null, now, now, new SegmentOwner.Unrecorded());
    }

    /** A WAN segment: a pseudowire between core-1 and core-2, tagged {@code vlan} at both ends. */
    static Segment wan(String bookingId, long circuitId, int vlan) {
        return segment(bookingId, circuitId, 100, vlan, List.of(
                new RouterPart.Pseudowire(CORE_1, vlan, ACCESS, LOOPBACK_2, List.of(LOOPBACK_2)),
                new RouterPart.Pseudowire(CORE_2, vlan, ACCESS, LOOPBACK_1, List.of(LOOPBACK_1))));
    }

    /** A campus segment on one 7600: host port to the WAN trunk on {@code vlan}. */
    static Segment campus(String bookingId, long circuitId, String router, int vlan, String hostPort) {
        return segment(bookingId, circuitId, 200, vlan, List.of(new RouterPart.Vlan(router, vlan, hostPort, TRUNK)));
    }

    // --- checks ----------------------------------------------------------------------------------

    static void assertNoSecretIn(String text) {
        for (String secret : SECRETS) {
            assertFalse(text.contains(secret), () -> "a secret leaked into: " + text);
        }
    }

    static void assertNoSecretIn(Throwable t) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        assertNoSecretIn(trace.toString());
    }

    /** A SegmentStore that records logDevice calls and supports nothing else. */
    static final class RecordingStore implements SegmentStore {

        record Call(String bookingId, List<DeviceLogEntry> entries) {
        }

        final List<Call> calls = new CopyOnWriteArrayList<>();

        @Override
        public void logDevice(String bookingId, List<DeviceLogEntry> entries) {
            calls.add(new Call(bookingId, List.copyOf(entries)));
        }

        /** Every entry stored for the booking, in the order stored. */
        List<DeviceLogEntry> entries(String bookingId) {
            return calls.stream().filter(c -> c.bookingId().equals(bookingId)).flatMap(c -> c.entries().stream())
                    .collect(Collectors.toList());
        }

        /** The requests sent to one router for the booking, in order. */
        List<String> requests(String bookingId, String router) {
            return entries(bookingId).stream().filter(e -> e.router().equals(router)).map(DeviceLogEntry::request)
                    .collect(Collectors.toList());
        }

        @Override
        public void registerResources(List<Resource> resources) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> find(String bookingId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Segment> query(List<SegmentState> states, TimeInterval window) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Segment> expiredHolds(Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Segment hold(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Instant holdExpiresAt,
                            Transition created) throws PlanRefused {
            throw new UnsupportedOperationException();
        }

        @Override
        public Segment holdAndCommit(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner,
                                     Transition created, Transition committed) throws PlanRefused {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean abortUnheld(String bookingId, SegmentOwner owner, String actor, String reason, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Segment> queryOwnedBy(SegmentOwner.Bar owner, List<SegmentState> states, TimeInterval window) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<String> unowned(int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean adopt(String bookingId, SegmentOwner.Bar owner) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<DeviceLogRecord> deviceLogOwnedBy(SegmentOwner.Bar owner, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<UnheldAbort> unheldAbort(String bookingId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Plan tryPlan(SegmentRequest request, ResourcePlanner planner) throws PlanRefused {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> commitHold(String bookingId, Transition committed) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> move(String bookingId, Transition transition) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> holdChange(String bookingId, ResourcePlanner planner, Instant expiresAt,
                                            SegmentChange requested) throws PlanRefused {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> commitChange(String bookingId, SegmentChange committed) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Segment> dropChange(String bookingId, SegmentChange dropped) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Segment> expiredChanges(Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<SegmentChange> changes(String bookingId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Transition> history(String bookingId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<DeviceLogRecord> deviceLog(String bookingId, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CalendarSource committedCalendars() {
            throw new UnsupportedOperationException();
        }

        @Override
        public MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor,
                                                Optional<String> operator, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<MaintenanceWindow> findMaintenance(long id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<String> bookingsDuring(String resourceId, TimeInterval interval) {
            throw new UnsupportedOperationException();
        }
    }
}
