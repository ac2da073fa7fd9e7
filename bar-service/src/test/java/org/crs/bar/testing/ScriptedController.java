package org.crs.bar.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.domain.audit.AuditRecord;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficSample;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;

/**
 * A controller for testing the reservation service (which is under test) apart from SOAP and
 * the NSAPs: keeps its segments' states in memory, following the NSAP's rules, and can be told
 * to refuse holds, to stay silent, or to fail activations.
 */
public final class ScriptedController implements SegmentController {

    private final String name;
    private final List<String> endpoints;
    public final Map<String, SegmentState> segments = new ConcurrentHashMap<>();
    public final List<String> calls = new CopyOnWriteArrayList<>();
    public volatile Refusal refuseHolds;
    /** Refuses this many holds (as if their slot had just been taken), then holds again. */
    public final AtomicInteger refuseNextHolds = new AtomicInteger();
    public volatile boolean silent;
    public volatile String failActivations;
    /** Refuses every activation with this, changing nothing, while set. */
    public volatile Refusal refuseActivations;
    /** What the segment's resources have booked, as one calendar of {@link #capacityMbps}, for availability. */
    public final BookingCalendar booked = new BookingCalendar();
    public volatile long capacityMbps = 10_000;
    public final List<SlotQuery> availabilityQueries = new CopyOnWriteArrayList<>();
    public volatile int sourceVlan = 1200;
    public volatile int destinationVlan = 1300;
    /** Runs inside each activation, before the segment moves: something that happens while the routers are configured. */
    public volatile Runnable duringActivation;

    public ScriptedController(String name, List<String> endpoints) {
        this.name = name;
        this.endpoints = endpoints;
    }

    @Override
    public String name() {
        return name;
    }

    private void call(String what, String bookingId) throws SegmentFailure {
        calls.add(what + " " + bookingId);
        if (silent) {
            throw SegmentFailure.silent(name, "connection refused", null);
        }
    }

    @Override
    public SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure {
        call("hold", order.bookingId());
        return book(order);
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        call("holdAndCommit", order.bookingId());
        SegmentAnswer held = book(order);
        segments.replace(order.bookingId(), SegmentState.HELD, SegmentState.COMMITTED);
        return new SegmentAnswer(held.bookingId(), segments.get(order.bookingId()), held.sourceVlan(),
                held.destinationVlan(), held.description(), "");
    }

    /** Holds the segment, or refuses as told; a repeated order answers the booking as it is. */
    private SegmentAnswer book(SegmentOrder order) throws SegmentFailure {
        if (refuseHolds != null) {
            throw SegmentFailure.refused(name, refuseHolds);
        }
        if (refuseNextHolds.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw SegmentFailure.refused(name, new Refusal(RefusalCode.NO_CAPACITY, "x-y", "link x-y has no bandwidth left over "
                    + order.interval()));
        }
        segments.putIfAbsent(order.bookingId(), SegmentState.HELD);
        int src = order.sourceVlan() != 0 ? order.sourceVlan() : sourceVlan;
        int dst = order.destinationVlan() != 0 ? order.destinationVlan() : destinationVlan;
        return new SegmentAnswer(order.bookingId(), segments.get(order.bookingId()), src, dst, name + " path", "");
    }

    private SegmentAnswer move(String bookingId, SegmentState from, SegmentState to) throws SegmentFailure {
        SegmentState now = segments.get(bookingId);
        if (now == null) {
            throw SegmentFailure.refused(name, Refusal.badField("bookingId", "bookingId: no booking " + bookingId));
        }
        if (now == from) {
            segments.put(bookingId, to);
            now = to;
        }
        return new SegmentAnswer(bookingId, now, sourceVlan, destinationVlan, name + " path", "");
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        call("commit", bookingId);
        return move(bookingId, SegmentState.HELD, SegmentState.COMMITTED);
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        call("abort", bookingId);
        SegmentState now = segments.get(bookingId);
        if (now == SegmentState.COMMITTED) {
            return move(bookingId, SegmentState.COMMITTED, SegmentState.ABORTED);
        }
        return move(bookingId, SegmentState.HELD, SegmentState.ABORTED);
    }

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        call("activate", bookingId);
        Runnable during = duringActivation;
        if (during != null) {
            during.run();
        }
        if (refuseActivations != null) {
            throw SegmentFailure.refused(name, refuseActivations);
        }
        if (failActivations != null) {
            move(bookingId, SegmentState.COMMITTED, SegmentState.FAILED);
            return new SegmentAnswer(bookingId, SegmentState.FAILED, sourceVlan, destinationVlan, "", failActivations);
        }
        return move(bookingId, SegmentState.COMMITTED, SegmentState.ACTIVE);
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        call("deactivate", bookingId);
        if (segments.get(bookingId) == SegmentState.COMMITTED) {
            return move(bookingId, SegmentState.COMMITTED, SegmentState.RELEASED);
        }
        if (segments.get(bookingId) == SegmentState.ACTIVATING) {
            // as the NSAP answers: taken off its routers once the activation under way finishes
            return move(bookingId, SegmentState.ACTIVATING, SegmentState.DEACTIVATING);
        }
        return move(bookingId, SegmentState.ACTIVE, SegmentState.RELEASED);
    }

    /** As the NSAP: an active segment goes back to COMMITTED, booked; a committed or activating one answers as it is. */
    @Override
    public SegmentAnswer suspend(String bookingId) throws SegmentFailure {
        call("suspend", bookingId);
        SegmentState now = segments.get(bookingId);
        if (now != null && now != SegmentState.ACTIVE && now != SegmentState.COMMITTED && now != SegmentState.ACTIVATING) {
            throw SegmentFailure.refused(name, new Refusal(RefusalCode.POLICY, "bookingId", "booking " + bookingId
                    + " is " + now + "; only active bookings can be suspended"));
        }
        return move(bookingId, SegmentState.ACTIVE, SegmentState.COMMITTED);
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        call("status", bookingId);
        SegmentState now = segments.get(bookingId);
        if (now == null) {
            throw SegmentFailure.refused(name, Refusal.badField("bookingId", "bookingId: no booking " + bookingId));
        }
        return new SegmentAnswer(bookingId, now, sourceVlan, destinationVlan, name + " path", "");
    }

    /** Pending changes by booking id: new end and bandwidth. */
    public final Map<String, String> pending = new ConcurrentHashMap<>();
    public final Map<String, String> applied = new ConcurrentHashMap<>();
    public volatile Refusal refuseModify;
    /** Runs inside each commitModify, before the change is applied: something that happens while it is committed. */
    public volatile Runnable duringCommitModify;

    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        call("modify", bookingId);
        if (refuseModify != null) {
            throw SegmentFailure.refused(name, refuseModify);
        }
        pending.put(bookingId, newEnd + " " + newBandwidthMbps);
        return status(bookingId);
    }

    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        call("commitModify", bookingId);
        Runnable during = duringCommitModify;
        if (during != null) {
            during.run();
        }
        String change = pending.remove(bookingId);
        if (change != null) {
            applied.put(bookingId, change);
        }
        return status(bookingId);
    }

    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        call("abortModify", bookingId);
        pending.remove(bookingId);
        return status(bookingId);
    }

    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        call("availability", source + ">" + destination);
        availabilityQueries.add(query);
        synchronized (booked) {
            return ResourceStarts.fitting(booked, capacityMbps, query);
        }
    }

    /** The largest bandwidth with a start time: capacity less each booked level, tried from the largest. */
    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        call("widest", source + ">" + destination);
        SlotQuery span = new SlotQuery(1, duration, earliestStart, latestStart);
        synchronized (booked) {
            return booked.steps(span.span()).stream().map(step -> capacityMbps - step.bookedMbps()).filter(free -> free > 0)
                    .sorted(Comparator.reverseOrder())
                    .filter(free -> !ResourceStarts.fitting(booked, capacityMbps, span.withMbps(free)).isEmpty())
                    .findFirst().orElse(0L);
        }
    }

    @Override
    public List<String> endpoints() throws SegmentFailure {
        call("endpoints", "");
        return endpoints;
    }

    /** The router commands each booking's device log answers. */
    public final Map<String, List<AuditRecord>> deviceLogs = new ConcurrentHashMap<>();

    @Override
    public List<AuditRecord> deviceLog(String bookingId, int limit) throws SegmentFailure {
        call("deviceLog", bookingId);
        List<AuditRecord> log = deviceLogs.getOrDefault(bookingId, List.of());
        return log.subList(0, Math.min(limit, log.size()));
    }

    /** What each booking carried, as the L-NSAP or NSAP stored it; answered for the range asked, as the NSAP does. */
    public final Map<String, List<TrafficSample>> traffic = new ConcurrentHashMap<>();

    /** Refuses utilisation as a peer BAR without the operation does (a Client fault). */
    public volatile boolean refuseUtilisation;

    @Override
    public List<TrafficSample> utilisation(String bookingId, TimeInterval range) throws SegmentFailure {
        call("utilisation", bookingId);
        if (refuseUtilisation) {
            throw new SegmentFailure(name, true, new Refusal(RefusalCode.BAD_FIELD, "operation",
                    "no operation utilisation"), null);
        }
        return traffic.getOrDefault(bookingId, List.of()).stream()
                .filter(s -> s.rate().to().isAfter(range.start()) && s.rate().from().isBefore(range.end())).toList();
    }

    // ---- maintenance windows, as an L-NSAP or the NSAP keeps them ----

    /** The resources it has; a window on any other is refused as the services refuse it. */
    public final List<String> resources = new CopyOnWriteArrayList<>();
    /** Bookings of other sites it holds, which a window hits as well as its own live segments. */
    public final List<String> foreignBookings = new CopyOnWriteArrayList<>();
    public final List<MaintenanceWindow> windows = new CopyOnWriteArrayList<>();
    /** The operators named by each addMaintenance and liftMaintenance, in order, as "add oscar" or "lift olga". */
    public final List<String> maintenanceOperators = new CopyOnWriteArrayList<>();

    /** A window hits every segment of it that holds resources, and every foreign booking. */
    @Override
    public MaintenanceWindow addMaintenance(String resourceId, TimeInterval window, String reason, String operator)
            throws SegmentFailure {
        call("addMaintenance", resourceId);
        maintenanceOperators.add("add " + operator);
        if (!resources.contains(resourceId)) {
            throw SegmentFailure.refused(name, Refusal.badField("resourceId", "resourceId: unknown resource '"
                    + resourceId + "'; known: " + resources));
        }
        MaintenanceWindow w = new MaintenanceWindow(windows.size() + 1, resourceId, window, reason, name + "-client",
                window.start(), null, List.of());
        windows.add(w);
        return withHits(w);
    }

    @Override
    public MaintenanceWindow liftMaintenance(long windowId, String reason, String operator) throws SegmentFailure {
        call("liftMaintenance", Long.toString(windowId));
        maintenanceOperators.add("lift " + operator);
        for (int i = 0; i < windows.size(); i++) {
            MaintenanceWindow w = windows.get(i);
            if (w.id() == windowId) {
                MaintenanceWindow lifted = new MaintenanceWindow(w.id(), w.resourceId(), w.interval(), w.reason(),
                        w.createdBy(), w.createdAt(), new MaintenanceWindow.Lift(name + "-client", reason,
                        w.interval().start()), List.of());
                windows.set(i, lifted);
                return lifted;
            }
        }
        throw SegmentFailure.refused(name, Refusal.badField("windowId", "windowId: no maintenance window " + windowId));
    }

    @Override
    public List<MaintenanceWindow> listMaintenance(String resourceId, TimeInterval window) throws SegmentFailure {
        call("listMaintenance", resourceId == null ? "" : resourceId);
        return windows.stream().filter(w -> resourceId == null || w.resourceId().equals(resourceId))
                .filter(w -> w.interval().overlaps(window)).map(this::withHits).toList();
    }

    private MaintenanceWindow withHits(MaintenanceWindow w) {
        if (!w.live()) {
            return w;
        }
        List<String> hit = new java.util.ArrayList<>(foreignBookings);
        segments.forEach((id, state) -> {
            if (state.holdsResources()) {
                hit.add(id);
            }
        });
        return new MaintenanceWindow(w.id(), w.resourceId(), w.interval(), w.reason(), w.createdBy(), w.createdAt(),
                null, hit.stream().sorted().toList());
    }

    /** Whether any of its segments still holds resources. */
    public boolean holdsAnything() {
        return segments.values().stream().anyMatch(SegmentState::holdsResources);
    }
}
