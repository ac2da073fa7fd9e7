package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

import org.crs.domain.admission.Resource;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.CalendarSource;
import org.crs.nsap.Plan;
import org.crs.nsap.PlanRefused;
import org.crs.nsap.ResourcePlanner;
import org.crs.nsap.ResourceUse;
import org.crs.nsap.Segment;
import org.crs.nsap.SegmentRequest;
import org.crs.nsap.SegmentChange;
import org.crs.nsap.SegmentStore;
import org.crs.routers.driver.DeviceLogEntry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The segment store over JDBC, on HSQLDB or PostgreSQL (schema/nsap). Admission and booking
 * are one transaction that locks the booked resources' rows in id order, so concurrent
 * holds, from this process or another sharing the database, never overbook.
 */
public final class JdbcSegmentStore implements SegmentStore {

    private static final int HOLD_ATTEMPTS = 5;
    private static final int MAX_CIRCUIT = 65535;

    private final DataSource dataSource;
    private final ObjectMapper json = new ObjectMapper();

    public JdbcSegmentStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void registerResources(List<Resource> resources) {
        inTransaction(c -> {
            try (PreparedStatement update = c.prepareStatement("UPDATE resource SET kind = ?, capacity_mbps = ? WHERE id = ?");
                 PreparedStatement insert = c.prepareStatement("INSERT INTO resource (id, kind, capacity_mbps) VALUES (?, ?, ?)")) {
                for (Resource r : resources) {
                    update.setString(1, r.kind());
                    update.setLong(2, r.capacityMbps());
                    update.setString(3, r.id());
                    if (update.executeUpdate() == 0) {
                        insert.setString(1, r.id());
                        insert.setString(2, r.kind());
                        insert.setLong(3, r.capacityMbps());
                        insert.executeUpdate();
                    }
                }
            }
            return null;
        });
    }

    @Override
    public Optional<Segment> find(String bookingId) {
        return inTransaction(c -> findIn(c, bookingId));
    }

    @Override
    public List<Segment> query(List<SegmentState> states, TimeInterval window) {
        StringBuilder sql = new StringBuilder("SELECT * FROM segment WHERE 1 = 1");
        if (!states.isEmpty()) {
            sql.append(states.stream().map(s -> "'" + s.name() + "'").collect(Collectors.joining(",", " AND state IN (", ")")));
        }
        if (window != null) {
            sql.append(" AND start_at < ? AND end_at > ?");
        }
        sql.append(" ORDER BY start_at, booking_id");
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                if (window != null) {
                    ps.setObject(1, Jdbc.utc(window.end()));
                    ps.setObject(2, Jdbc.utc(window.start()));
                }
                return segments(ps);
            }
        });
    }

    @Override
    public List<Segment> expiredHolds(Instant now) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM segment WHERE state = 'HELD' AND hold_expires_at <= ? ORDER BY hold_expires_at")) {
                ps.setObject(1, Jdbc.utc(now));
                return segments(ps);
            }
        });
    }

    @Override
    public Plan tryPlan(SegmentRequest request, ResourcePlanner planner) throws PlanRefused {
        try (Connection c = dataSource.getConnection()) {
            c.setReadOnly(true);
            return planner.plan(request, new Calendars(c, null));
        } catch (SQLException e) {
            throw new StoreException("reading calendars", e);
        }
    }

    @Override
    public Segment hold(SegmentRequest request, ResourcePlanner planner, Instant holdExpiresAt, Transition created)
            throws PlanRefused {
        SQLException last = null;
        for (int attempt = 0; attempt < HOLD_ATTEMPTS; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    Optional<Segment> held = tryHold(c, request, planner, holdExpiresAt, created);
                    if (held.isPresent()) {
                        c.commit();
                        return held.get();
                    }
                    c.rollback(); // the plan moved to resources not locked: plan again
                } catch (PlanRefused | RuntimeException e) {
                    c.rollback();
                    throw e;
                } catch (SQLException e) {
                    c.rollback();
                    if (Jdbc.isUniqueViolation(e)) {
                        throw new DuplicateBooking(request.bookingId(), e);
                    }
                    last = e; // a deadlock or serialization failure: try again
                }
            } catch (SQLException e) {
                last = e;
            }
        }
        throw new StoreException("holding " + request.bookingId() + " failed after " + HOLD_ATTEMPTS + " attempts", last);
    }

    private Optional<Segment> tryHold(Connection c, SegmentRequest request, ResourcePlanner planner, Instant holdExpiresAt,
                                      Transition created) throws SQLException, PlanRefused {
        Plan first = planner.plan(request, new Calendars(c, null));
        Set<String> locked = lock(c, resourceIds(first));
        Calendars underLocks = new Calendars(c, null);
        Plan plan = planner.plan(request, underLocks);
        if (!locked.containsAll(resourceIds(plan))) {
            return Optional.empty();
        }
        long circuitId = nextCircuitNumber(c, request.bookingId());
        Instant now = created.at();
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO segment (booking_id, circuit_id, state, source_endpoint, "
                + "destination_endpoint, bandwidth_mbps, start_at, end_at, hold_expires_at, source_vlan, destination_vlan, "
                + "plan, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, request.bookingId());
            ps.setLong(2, circuitId);
            ps.setString(3, SegmentState.HELD.name());
            ps.setString(4, request.source());
            ps.setString(5, request.destination());
            ps.setLong(6, request.bandwidthMbps());
            ps.setObject(7, Jdbc.utc(request.interval().start()));
            ps.setObject(8, Jdbc.utc(request.interval().end()));
            ps.setObject(9, Jdbc.utc(holdExpiresAt));
            ps.setInt(10, plan.sourceVlan());
            ps.setInt(11, plan.destinationVlan());
            ps.setString(12, toJson(plan));
            ps.setObject(13, Jdbc.utc(now));
            ps.setObject(14, Jdbc.utc(now));
            ps.executeUpdate();
        }
        insertUses(c, request.bookingId(), plan, request.interval(), 0, false);
        recordLongest(c, underLocks, locked, request.interval());
        insertHistory(c, request.bookingId(), created);
        return Optional.of(new Segment(request, circuitId, SegmentState.HELD, plan, holdExpiresAt, now, now));
    }

    /** Locks the resources' rows in id order, so two admissions never wait on each other in a cycle. */
    private static Set<String> lock(Connection c, List<String> resourceIds) throws SQLException {
        Set<String> locked = new TreeSet<>(resourceIds);
        try (PreparedStatement lock = c.prepareStatement("UPDATE resource SET lock_version = lock_version + 1 WHERE id = ?")) {
            for (String id : locked) {
                lock.setString(1, id);
                if (lock.executeUpdate() != 1) {
                    throw new IllegalStateException("resource " + id + " is planned but not registered");
                }
            }
        }
        return locked;
    }

    private static void insertUses(Connection c, String bookingId, Plan plan, TimeInterval interval, int revision,
                                   boolean pending) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO segment_resource (booking_id, resource_id, revision, "
                + "bandwidth_mbps, vlan, start_at, end_at, holds_capacity, pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (ResourceUse use : plan.uses()) {
                ps.setString(1, bookingId);
                ps.setString(2, use.resource().id());
                ps.setInt(3, revision);
                ps.setLong(4, use.mbps());
                if (use.vlan() > 0) {
                    ps.setInt(5, use.vlan());
                } else {
                    ps.setNull(5, java.sql.Types.INTEGER);
                }
                ps.setObject(6, Jdbc.utc(interval.start()));
                ps.setObject(7, Jdbc.utc(interval.end()));
                ps.setBoolean(8, use.mbps() > 0);
                ps.setBoolean(9, pending);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Keeps each locked resource's longest booking at least as long as {@code interval}, for calendar reads. */
    private static void recordLongest(Connection c, Calendars underLocks, Set<String> locked, TimeInterval interval)
            throws SQLException {
        long seconds = interval.duration().toSeconds() + 1;
        List<String> longer = new ArrayList<>();
        for (String id : locked) {
            if (underLocks.longestBookingSeconds(id) < seconds) {
                longer.add(id);
            }
        }
        if (!longer.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE resource SET longest_booking_seconds = ? "
                    + "WHERE id = ? AND longest_booking_seconds < ?")) {
                for (String id : longer) {
                    ps.setLong(1, seconds);
                    ps.setString(2, id);
                    ps.setLong(3, seconds);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    // Circuit numbers name tunnels, which IOS numbers up to 65535: they wrap, and a number
    // comes back only after 65535 later bookings.
    private static long nextCircuitNumber(Connection c, String bookingId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO circuit_number (booking_id) VALUES (?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, bookingId);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return Math.floorMod(keys.getLong(1), MAX_CIRCUIT) + 1; // identities start at 0 (HSQLDB) or 1 (PostgreSQL)
            }
        }
    }

    private static List<String> resourceIds(Plan plan) {
        return plan.uses().stream().map(u -> u.resource().id()).toList();
    }

    /**
     * Calendars read through one connection, so that under locks they are current. Bookings
     * overlapping a window start before its end and at most the resource's longest booking
     * before its start, which keeps a read to a range of segment_resource_calendar_idx. A
     * change of a segment is checked over calendars without the segment's own rows (its
     * current booking and any pending change), filtered within that same range.
     */
    private static final class Calendars implements CalendarSource {

        private final Connection c;
        private final String excluded;
        private final Map<String, Long> longest = new HashMap<>();

        /** @param excluded the booking whose rows the calendars leave out, or null */
        Calendars(Connection c, String excluded) {
            this.c = c;
            this.excluded = excluded;
        }

        private String notExcluded() {
            return excluded == null ? "" : " AND booking_id <> ?";
        }

        @Override
        public BookingCalendar calendar(String resourceId, TimeInterval window) {
            List<Booking> bookings = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT bandwidth_mbps, start_at, end_at FROM segment_resource "
                    + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND holds_capacity = TRUE AND occupies = TRUE" + notExcluded())) {
                bindWindow(ps, resourceId, window);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        bookings.add(new Booking(new TimeInterval(Jdbc.instant(rs, 2), Jdbc.instant(rs, 3)), rs.getLong(1)));
                    }
                }
            } catch (SQLException e) {
                throw new StoreException("reading the calendar of " + resourceId, e);
            }
            return BookingCalendar.of(bookings);
        }

        @Override
        public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
            Set<Integer> vlans = new HashSet<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT vlan FROM segment_resource "
                    + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND vlan IS NOT NULL AND occupies = TRUE" + notExcluded())) {
                bindWindow(ps, resourceId, interval);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        vlans.add(rs.getInt(1));
                    }
                }
            } catch (SQLException e) {
                throw new StoreException("reading the VLANs in use on " + resourceId, e);
            }
            return vlans;
        }

        private void bindWindow(PreparedStatement ps, String resourceId, TimeInterval window) throws SQLException {
            ps.setString(1, resourceId);
            ps.setObject(2, Jdbc.utc(window.start().minusSeconds(longestBookingSeconds(resourceId))));
            ps.setObject(3, Jdbc.utc(window.end()));
            ps.setObject(4, Jdbc.utc(window.start()));
            if (excluded != null) {
                ps.setString(5, excluded);
            }
        }

        /**
         * The resource's longest booking. Every resource's is read at the first need, in one
         * query: a plan reads the calendars of several resources (a WAN path, its alternatives),
         * and on a database server each query is a round trip.
         */
        long longestBookingSeconds(String resourceId) throws SQLException {
            if (longest.isEmpty()) {
                try (PreparedStatement ps = c.prepareStatement("SELECT id, longest_booking_seconds FROM resource");
                     ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        longest.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            return longest.getOrDefault(resourceId, 0L);
        }
    }

    @Override
    public Optional<Segment> move(String bookingId, Transition transition) {
        return inTransaction(c -> moveIn(c, bookingId, transition, null));
    }

    @Override
    public Optional<Segment> commitHold(String bookingId, Transition committed) {
        if (committed.from() != SegmentState.HELD || committed.to() != SegmentState.COMMITTED) {
            throw new IllegalArgumentException("not a commit of a hold: " + committed);
        }
        return inTransaction(c -> moveIn(c, bookingId, committed, committed.at()));
    }

    /** The move, only while the hold lapses after {@code holdOpenAt} when that is given. */
    private Optional<Segment> moveIn(Connection c, String bookingId, Transition transition, Instant holdOpenAt)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET state = ?, updated_at = ?, "
                + "hold_expires_at = CASE WHEN ? = 'HELD' THEN hold_expires_at ELSE NULL END "
                + "WHERE booking_id = ? AND state = ?" + (holdOpenAt == null ? "" : " AND hold_expires_at > ?"))) {
            ps.setString(1, transition.to().name());
            ps.setObject(2, Jdbc.utc(transition.at()));
            ps.setString(3, transition.to().name());
            ps.setString(4, bookingId);
            ps.setString(5, transition.from().name());
            if (holdOpenAt != null) {
                ps.setObject(6, Jdbc.utc(holdOpenAt));
            }
            if (ps.executeUpdate() != 1) {
                return Optional.empty();
            }
        }
        if (transition.from().holdsResources() && !transition.to().holdsResources()) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ?")) {
                ps.setString(1, bookingId);
                ps.executeUpdate();
            }
            // A change pending on a segment that ends is dropped with it.
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO segment_change (booking_id, kind, end_at, "
                    + "bandwidth_mbps, actor, reason, occurred_at) SELECT booking_id, ?, pending_end_at, pending_bandwidth_mbps, "
                    + "?, ?, ? FROM segment WHERE booking_id = ? AND pending_end_at IS NOT NULL")) {
                ps.setString(1, SegmentChange.Kind.ABORTED.name());
                ps.setString(2, transition.actor());
                ps.setString(3, "dropped: the segment is " + transition.to());
                ps.setObject(4, Jdbc.utc(transition.at()));
                ps.setString(5, bookingId);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ?")) {
                ps.setString(1, bookingId);
                ps.executeUpdate();
            }
        }
        insertHistory(c, bookingId, transition);
        return findIn(c, bookingId);
    }

    @Override
    public Optional<Segment> holdChange(String bookingId, ResourcePlanner planner, Instant expiresAt,
                                        SegmentChange requested) throws PlanRefused {
        SQLException last = null;
        for (int attempt = 0; attempt < HOLD_ATTEMPTS; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    Optional<Segment> changed = tryHoldChange(c, bookingId, planner, expiresAt, requested);
                    if (changed.isPresent()) {
                        c.commit();
                    } else {
                        c.rollback();
                    }
                    return changed;
                } catch (PlanRefused | RuntimeException e) {
                    c.rollback();
                    throw e;
                } catch (SQLException e) {
                    c.rollback();
                    last = e; // a deadlock or serialization failure: try again
                }
            } catch (SQLException e) {
                last = e;
            }
        }
        throw new StoreException("changing " + bookingId + " failed after " + HOLD_ATTEMPTS + " attempts", last);
    }

    private static final String CHANGEABLE = "state IN ('COMMITTED', 'ACTIVE') AND pending_end_at IS NULL";

    private Optional<Segment> tryHoldChange(Connection c, String bookingId, ResourcePlanner planner, Instant expiresAt,
                                            SegmentChange requested) throws SQLException, PlanRefused {
        Optional<Segment> found = findIn(c, bookingId);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        // The plan's resources never change, so the locks taken for the plan read before them
        // are the ones the check needs.
        Set<String> locked = lock(c, resourceIds(found.get().plan()));
        // Claim the segment: only one change at a time, and none once it has ended.
        try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET pending_end_at = ?, pending_bandwidth_mbps = ?, "
                + "pending_expires_at = ? WHERE booking_id = ? AND " + CHANGEABLE)) {
            ps.setObject(1, Jdbc.utc(requested.end()));
            ps.setLong(2, requested.bandwidthMbps());
            ps.setObject(3, Jdbc.utc(expiresAt));
            ps.setString(4, bookingId);
            if (ps.executeUpdate() != 1) {
                return Optional.empty();
            }
        }
        Segment segment = findIn(c, bookingId).orElseThrow();
        SegmentRequest current = segment.request();
        TimeInterval interval = new TimeInterval(current.interval().start(), requested.end());
        SegmentRequest changed = new SegmentRequest(bookingId, current.source(), current.destination(),
                requested.bandwidthMbps(), interval, segment.plan().sourceVlan(), segment.plan().destinationVlan());
        Calendars others = new Calendars(c, bookingId);
        Plan plan = planner.keep(segment.plan(), changed, others);
        int revision;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COALESCE(MAX(revision), 0) + 1 FROM segment_resource WHERE booking_id = ?")) {
            ps.setString(1, bookingId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                revision = rs.getInt(1);
            }
        }
        insertUses(c, bookingId, plan, interval, revision, true);
        recordLongest(c, others, locked, interval);
        insertChange(c, bookingId, requested);
        return findIn(c, bookingId);
    }

    @Override
    public Optional<Segment> commitChange(String bookingId, SegmentChange committed) {
        if (committed.kind() != SegmentChange.Kind.COMMITTED) {
            throw new IllegalArgumentException("not a commit of a change: " + committed);
        }
        return inTransaction(c -> {
            Optional<Segment> found = findIn(c, bookingId);
            if (found.isEmpty()) {
                return Optional.<Segment>empty();
            }
            Plan plan = found.get().plan().withBandwidth(committed.bandwidthMbps());
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET end_at = pending_end_at, "
                    + "bandwidth_mbps = pending_bandwidth_mbps, plan = ?, updated_at = ?, pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ? AND pending_expires_at > ?")) {
                ps.setString(1, toJson(plan));
                ps.setObject(2, Jdbc.utc(committed.at()));
                ps.setString(3, bookingId);
                ps.setObject(4, Jdbc.utc(committed.end()));
                ps.setLong(5, committed.bandwidthMbps());
                ps.setObject(6, Jdbc.utc(committed.at()));
                if (ps.executeUpdate() != 1) {
                    return Optional.<Segment>empty();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment_resource SET occupies = FALSE "
                    + "WHERE booking_id = ? AND pending = FALSE AND occupies = TRUE")) {
                ps.setString(1, bookingId);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment_resource SET pending = FALSE "
                    + "WHERE booking_id = ? AND pending = TRUE AND occupies = TRUE")) {
                ps.setString(1, bookingId);
                ps.executeUpdate();
            }
            insertChange(c, bookingId, committed);
            return findIn(c, bookingId);
        });
    }

    @Override
    public Optional<Segment> dropChange(String bookingId, SegmentChange dropped) {
        boolean lapse = dropped.kind() == SegmentChange.Kind.LAPSED;
        if (!lapse && dropped.kind() != SegmentChange.Kind.ABORTED) {
            throw new IllegalArgumentException("not a drop of a change: " + dropped);
        }
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ?" + (lapse ? " AND pending_expires_at <= ?" : ""))) {
                ps.setString(1, bookingId);
                ps.setObject(2, Jdbc.utc(dropped.end()));
                ps.setLong(3, dropped.bandwidthMbps());
                if (lapse) {
                    ps.setObject(4, Jdbc.utc(dropped.at()));
                }
                if (ps.executeUpdate() != 1) {
                    return Optional.<Segment>empty();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment_resource SET occupies = FALSE "
                    + "WHERE booking_id = ? AND pending = TRUE AND occupies = TRUE")) {
                ps.setString(1, bookingId);
                ps.executeUpdate();
            }
            insertChange(c, bookingId, dropped);
            return findIn(c, bookingId);
        });
    }

    @Override
    public List<Segment> expiredChanges(Instant now) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT * FROM segment WHERE pending_expires_at <= ? ORDER BY pending_expires_at")) {
                ps.setObject(1, Jdbc.utc(now));
                return segments(ps);
            }
        });
    }

    @Override
    public List<SegmentChange> changes(String bookingId) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT kind, end_at, bandwidth_mbps, actor, reason, occurred_at "
                    + "FROM segment_change WHERE booking_id = ? ORDER BY id")) {
                ps.setString(1, bookingId);
                List<SegmentChange> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SegmentChange(SegmentChange.Kind.valueOf(rs.getString(1)), Jdbc.instant(rs, 2), rs.getLong(3),
                                rs.getString(4), rs.getString(5), Jdbc.instant(rs, 6)));
                    }
                }
                return out;
            }
        });
    }

    private static void insertChange(Connection c, String bookingId, SegmentChange change) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO segment_change (booking_id, kind, end_at, bandwidth_mbps, "
                + "actor, reason, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, bookingId);
            ps.setString(2, change.kind().name());
            ps.setObject(3, Jdbc.utc(change.end()));
            ps.setLong(4, change.bandwidthMbps());
            ps.setString(5, Jdbc.clip(change.actor(), 200));
            ps.setString(6, Jdbc.clip(change.reason(), 2000));
            ps.setObject(7, Jdbc.utc(change.at()));
            ps.executeUpdate();
        }
    }

    @Override
    public List<Transition> history(String bookingId) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT from_state, to_state, actor, reason, occurred_at FROM segment_history WHERE booking_id = ? ORDER BY id")) {
                ps.setString(1, bookingId);
                List<Transition> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String from = rs.getString(1);
                        out.add(from == null
                                ? Transition.created(rs.getString(3), rs.getString(4), Jdbc.instant(rs, 5))
                                : new Transition(SegmentState.valueOf(from), SegmentState.valueOf(rs.getString(2)),
                                        rs.getString(3), rs.getString(4), Jdbc.instant(rs, 5)));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public void logDevice(String bookingId, List<DeviceLogEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO device_log (booking_id, router, protocol, request, "
                    + "response, outcome, occurred_at, elapsed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (DeviceLogEntry e : entries) {
                    ps.setString(1, bookingId);
                    ps.setString(2, e.router());
                    ps.setString(3, e.protocol().name());
                    ps.setString(4, Jdbc.clip(e.request(), 4000));
                    ps.setString(5, Jdbc.clip(e.response(), 16000));
                    ps.setString(6, e.outcome().name());
                    ps.setObject(7, Jdbc.utc(e.at()));
                    ps.setLong(8, e.elapsedMillis());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    @Override
    public List<DeviceLogRecord> deviceLog(String bookingId, int limit) {
        return inTransaction(c -> {
            String sql = "SELECT booking_id, router, protocol, request, response, outcome, occurred_at, elapsed_ms FROM device_log"
                    + (bookingId == null ? "" : " WHERE booking_id = ?") + " ORDER BY id";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                if (bookingId != null) {
                    ps.setString(1, bookingId);
                }
                ps.setMaxRows(limit);
                List<DeviceLogRecord> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new DeviceLogRecord(rs.getString(1), new DeviceLogEntry(rs.getString(2),
                                DeviceLogEntry.Protocol.valueOf(rs.getString(3)), rs.getString(4), rs.getString(5),
                                DeviceLogEntry.Outcome.valueOf(rs.getString(6)), Jdbc.instant(rs, 7), rs.getLong(8))));
                    }
                }
                return out;
            }
        });
    }

    // ---- plumbing ----

    private <T> T inTransaction(Jdbc.Work<T> work) {
        return Jdbc.inTransaction(dataSource, "segment store", work);
    }

    private Optional<Segment> findIn(Connection c, String bookingId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM segment WHERE booking_id = ?")) {
            ps.setString(1, bookingId);
            List<Segment> found = segments(ps);
            return found.stream().findFirst();
        }
    }

    private List<Segment> segments(PreparedStatement ps) throws SQLException {
        List<Segment> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                SegmentRequest request = new SegmentRequest(rs.getString("booking_id"), rs.getString("source_endpoint"),
                        rs.getString("destination_endpoint"), rs.getLong("bandwidth_mbps"),
                        new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at")),
                        0, 0);
                Plan plan = fromJson(rs.getString("plan"));
                Instant pendingEnd = Jdbc.instantOrNull(rs, "pending_end_at");
                Segment.PendingChange pending = pendingEnd == null ? null : new Segment.PendingChange(pendingEnd,
                        rs.getLong("pending_bandwidth_mbps"), Jdbc.instant(rs, "pending_expires_at"));
                out.add(new Segment(request, rs.getLong("circuit_id"), SegmentState.valueOf(rs.getString("state")), plan,
                        Jdbc.instantOrNull(rs, "hold_expires_at"), Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"), pending));
            }
        }
        return out;
    }

    private static void insertHistory(Connection c, String bookingId, Transition t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO segment_history (booking_id, from_state, to_state, actor, "
                + "reason, occurred_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, bookingId);
            ps.setString(2, t.from() == null ? null : t.from().name());
            ps.setString(3, t.to().name());
            ps.setString(4, t.actor());
            ps.setString(5, Jdbc.clip(t.reason(), 2000));
            ps.setObject(6, Jdbc.utc(t.at()));
            ps.executeUpdate();
        }
    }

    private String toJson(Plan plan) {
        try {
            return json.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("plan cannot be written as JSON", e);
        }
    }

    private Plan fromJson(String text) {
        try {
            return json.readValue(text, Plan.class);
        } catch (JsonProcessingException e) {
            throw new StoreException("stored plan cannot be read: " + e.getOriginalMessage(), null);
        }
    }






}
