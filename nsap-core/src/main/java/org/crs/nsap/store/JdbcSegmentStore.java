package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;
import org.crs.service.db.Vendor;

import org.crs.domain.admission.Resource;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.port.VlanBookings;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.routers.driver.DeviceLogEntry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.crs.nsap.port.DuplicateBooking;

/**
 * The segment store over JDBC, on HSQLDB or PostgreSQL (schema/nsap). Admission and booking
 * are one transaction that locks the booked resources' rows in id order, so concurrent
 * holds, from this process or another sharing the database, never overbook.
 */
public final class JdbcSegmentStore implements SegmentStore {

    private static final int HOLD_ATTEMPTS = 5;
    private static final int MAX_CIRCUIT = 65535;
    /**
     * Lapsed holds or changes one sweep takes at the most, the earliest first, so that after a long
     * outage a sweep's transaction stays short; the next sweep takes the rest.
     */
    private static final int SWEEP_BATCH = 1000;

    private final DataSource dataSource;
    private final ObjectMapper json = new ObjectMapper();
    /**
     * Each resource's longest booking as last read. It only grows, so a first calendar read
     * that reaches back this far misses a booking only where a later read finds it has grown.
     */
    private final Map<String, Long> longestSeen = new ConcurrentHashMap<>();
    /** The resources the last hold between two endpoints ({@code "source destination"}) booked. */
    private final Map<String, Set<String>> lastBooked = new ConcurrentHashMap<>();

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
                    "SELECT * FROM segment WHERE state = 'HELD' AND hold_expires_at <= ? ORDER BY hold_expires_at "
                            + "FETCH FIRST " + SWEEP_BATCH + " ROWS ONLY")) {
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
        return book(request, planner, new Entry(List.of(created), holdExpiresAt));
    }

    @Override
    public Segment holdAndCommit(SegmentRequest request, ResourcePlanner planner, Transition created,
                                 Transition committed) throws PlanRefused {
        if (created.from() != null || committed.from() != SegmentState.HELD || committed.to() != SegmentState.COMMITTED) {
            throw new IllegalArgumentException("not a creation and its commit: " + created + ", " + committed);
        }
        return book(request, planner, new Entry(List.of(created, committed), null));
    }

    /** How a new segment enters the store: its first history entries, and when its hold lapses while HELD. */
    private record Entry(List<Transition> steps, Instant holdExpiresAt) {

        SegmentState state() {
            return steps.get(steps.size() - 1).to();
        }

        Instant at() {
            return steps.get(0).at();
        }
    }

    private Segment book(SegmentRequest request, ResourcePlanner planner, Entry entry) throws PlanRefused {
        SQLException last = null;
        for (int attempt = 0; attempt < HOLD_ATTEMPTS; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    Optional<Segment> held = tryHold(c, request, planner, entry);
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

    private Optional<Segment> tryHold(Connection c, SegmentRequest request, ResourcePlanner planner, Entry entry)
            throws SQLException, PlanRefused {
        // Holds between the same endpoints mostly book the same resources, often all of them the
        // same few (an uplink, a WAN path): on PostgreSQL the first read locks those the last such
        // hold booked, so that a hold does not find them changed by another after its read, and
        // plan again in another round trip. HSQLDB, in the service's process, has no round trips
        // to save, and under many such waits it was seen to leave a session waiting for ever on a
        // transaction that had ended (2.7.4, MVCC, AdmissionRaceTest: 4 runs in 10).
        String endpoints = request.source() + " " + request.destination();
        boolean lockFirst = Vendor.fromJdbcUrl(c.getMetaData().getURL()) == Vendor.POSTGRESQL;
        Calendars calendars = new Calendars(c, null, lockFirst ? lastBooked.getOrDefault(endpoints, Set.of()) : Set.of());
        Plan plan = planner.plan(request, calendars); // the first read takes the versions that vouch for the calendars
        Set<String> planned = Set.copyOf(resourceIds(plan));
        lastBooked.put(endpoints, planned);
        if (!calendars.locked().isEmpty() && !calendars.locked().containsAll(planned)) {
            // Locking the others now could wait on an admission that waits on these: the caller
            // rolls back and tries again, locking these first.
            return Optional.empty();
        }
        Optional<Segment> held = book(c, request, plan, calendars, !calendars.locked().isEmpty(), entry);
        if (held.isPresent()) {
            return held;
        }
        // Another admission booked one of the plan's resources since the read: lock them, then
        // read and plan again under the locks.
        Set<String> locked = lock(c, resourceIds(plan));
        calendars = new Calendars(c, null);
        plan = planner.plan(request, calendars);
        if (!locked.containsAll(resourceIds(plan))) {
            return Optional.empty(); // the plan moved to resources not locked: the caller plans again
        }
        return book(c, request, plan, calendars, true, entry);
    }

    /**
     * Books the plan and commits, in one round trip on PostgreSQL, if every resource it uses
     * is still at the version its calendar was read at. Each resource is claimed, in id order
     * (so that two admissions never wait on each other in a cycle), only at that version: its
     * row is locked, its version moved on, and the row stamped with a token of this attempt's.
     * The booking is written only where every resource was claimed; where one was not, the
     * claimed ones get their versions back, as this attempt found them. Every admission and
     * every maintenance window moves the version of each resource it books, in its own
     * transaction, so unchanged versions mean the calendars read are still those of the
     * resources.
     *
     * <p>{@code underLocks}: this transaction locked the rows of every resource of the plan (and
     * moved their versions on) before it read their calendars, so that no other admission can
     * have booked them since; the booking is then written without claims.
     *
     * @return the held segment; empty when a resource had changed, nothing then booked
     */
    private Optional<Segment> book(Connection c, SegmentRequest request, Plan plan, Calendars read, boolean underLocks,
                                   Entry entry) throws SQLException {
        Set<String> resources = new TreeSet<>(resourceIds(plan));
        long token = ThreadLocalRandom.current().nextLong();
        StatementPipeline p = StatementPipeline.on(c);
        if (underLocks || resources.isEmpty()) {
            writeBooking(p, request, plan, entry, "1 = 1", List.of(), token);
            addLongest(p, read, resources, request.interval(), null);
            return runBooking(p, request, plan, entry, token);
        }
        for (String id : resources) {
            p.update("UPDATE resource SET lock_version = lock_version + 1, write_token = ? WHERE id = ? AND lock_version = ?",
                    token, id, read.version(id));
        }
        String inResources = String.join(", ", Collections.nCopies(resources.size(), "?"));
        String allClaimed = "(SELECT COUNT(*) FROM resource WHERE write_token = ? AND id IN (" + inResources + ")) = "
                + resources.size();
        List<Object> claimParameters = new ArrayList<>(List.of(token));
        claimParameters.addAll(resources);
        // Rows this attempt has locked already: it waits on none, so the order it takes them in does not matter.
        List<Object> back = new ArrayList<>(List.of(token));
        back.addAll(resources);
        back.addAll(claimParameters);
        p.update("UPDATE resource SET lock_version = lock_version - 1 WHERE write_token = ? AND id IN (" + inResources
                + ") AND NOT " + allClaimed, back.toArray());
        writeBooking(p, request, plan, entry, allClaimed, claimParameters, token);
        addLongest(p, read, resources, request.interval(), token);
        return runBooking(p, request, plan, entry, token);
    }

    /**
     * The segment's rows, its circuit number and its uses, written where {@code condition} (with
     * its parameters) holds; the segment's row bears {@code token}, which its uses are selected by.
     */
    private void writeBooking(StatementPipeline p, SegmentRequest request, Plan plan, Entry entry, String condition,
                              List<Object> conditionParameters, long token) {
        String bookingId = request.bookingId();
        List<Object> circuit = new ArrayList<>(List.of(bookingId));
        circuit.addAll(conditionParameters);
        p.update("INSERT INTO circuit_number (booking_id) SELECT ? FROM (VALUES (0)) AS one (x) WHERE " + condition,
                circuit.toArray());
        Instant now = entry.at();
        Object holdExpiresAt = entry.holdExpiresAt() == null ? StatementPipeline.nullOf(Types.TIMESTAMP_WITH_TIMEZONE)
                : Jdbc.utc(entry.holdExpiresAt());
        List<Object> segment = new ArrayList<>(List.of(bookingId, bookingId, entry.state().name(), request.source(),
                request.destination(), request.bandwidthMbps(), Jdbc.utc(request.interval().start()),
                Jdbc.utc(request.interval().end()), holdExpiresAt, plan.sourceVlan(), plan.destinationVlan(),
                toJson(plan), Jdbc.utc(now), Jdbc.utc(now), token));
        segment.addAll(conditionParameters);
        // The segment takes its circuit number by a subquery, not from the generated key, and the
        // number comes back with the last statement.
        p.update("INSERT INTO segment (booking_id, circuit_id, state, source_endpoint, destination_endpoint, "
                + "bandwidth_mbps, start_at, end_at, hold_expires_at, source_vlan, destination_vlan, plan, created_at, "
                + "updated_at, write_token) SELECT ?, (" + CIRCUIT_NUMBER + "), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? "
                + "FROM (VALUES (0)) AS one (x) WHERE " + condition, segment.toArray());
        addUses(p, plan, request.interval(), 0, false, WRITTEN, bookingId, token);
    }

    /** Adds the history, runs the booking's statements with the commit and reads back its circuit number. */
    private static Optional<Segment> runBooking(StatementPipeline p, SegmentRequest request, Plan plan,
                                                Entry entry, long token) throws SQLException {
        for (Transition step : entry.steps()) {
            addHistory(p, step, WRITTEN, request.bookingId(), token);
        }
        StatementPipeline.Rows<Long> circuitId = p.query("SELECT circuit_id " + WRITTEN, rs -> rs.getLong(1),
                request.bookingId(), token);
        p.runAndCommit();
        Instant now = entry.at();
        return circuitId.first().map(n -> new Segment(request, n, entry.state(), plan, entry.holdExpiresAt(), now, now));
    }

    @Override
    public boolean abortUnheld(String bookingId, String actor, String reason, Instant at) {
        try {
            return inTransaction(c -> {
                StatementPipeline p = StatementPipeline.on(c);
                // The circuit number's row is what a hold inserts first: whichever commits first takes the id.
                p.update("INSERT INTO circuit_number (booking_id) VALUES (?)", bookingId);
                p.update("INSERT INTO segment_abort (booking_id, actor, reason, aborted_at) VALUES (?, ?, ?, ?)", bookingId,
                        actor, Jdbc.clip(reason, 2000), Jdbc.utc(at));
                p.runAndCommit();
                return true;
            });
        } catch (StoreException e) {
            if (e.getCause() instanceof SQLException cause && Jdbc.isUniqueViolation(cause)) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public Optional<UnheldAbort> unheldAbort(String bookingId) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT actor, reason, aborted_at FROM segment_abort WHERE booking_id = ?")) {
                ps.setString(1, bookingId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new UnheldAbort(bookingId, rs.getString(1), rs.getString(2),
                            Jdbc.instant(rs, 3))) : Optional.empty();
                }
            }
        });
    }

    /** Locks the resources' rows in id order, so two admissions never wait on each other in a cycle. */
    private static Set<String> lock(Connection c, List<String> resourceIds) throws SQLException {
        Set<String> locked = new TreeSet<>(resourceIds);
        try (PreparedStatement bump = c.prepareStatement("UPDATE resource SET lock_version = lock_version + 1 WHERE id = ?")) {
            for (String id : locked) {
                bump.setString(1, id);
                bump.addBatch();
            }
            int[] updated = bump.executeBatch(); // one round trip
            int i = 0;
            for (String id : locked) {
                if (updated[i++] == 0) {
                    throw new IllegalStateException("resource " + id + " is planned but not registered");
                }
            }
        }
        return locked;
    }

    /** The plan's resource uses, in one statement of as many rows, each selected with the segment's row. */
    private static void addUses(StatementPipeline p, Plan plan, TimeInterval interval, int revision, boolean pending,
                                String of, Object... ofParameters) {
        if (plan.uses().isEmpty()) {
            return;
        }
        List<Object> parameters = new ArrayList<>();
        for (ResourceUse use : plan.uses()) {
            parameters.addAll(List.of(use.resource().id(), revision, use.mbps(),
                    use.vlan() > 0 ? use.vlan() : StatementPipeline.nullOf(Types.INTEGER), Jdbc.utc(interval.start()),
                    Jdbc.utc(interval.end()), use.mbps() > 0, pending));
            parameters.addAll(List.of(ofParameters));
        }
        p.update("INSERT INTO segment_resource (booking_id, resource_id, revision, bandwidth_mbps, vlan, start_at, end_at, "
                + "holds_capacity, pending) " + String.join(" UNION ALL ", Collections.nCopies(plan.uses().size(),
                        "SELECT booking_id, ?, ?, ?, ?, ?, ?, ?, ? " + of)), parameters.toArray());
    }

    /**
     * Keeps each locked resource's longest booking at least as long as {@code interval}, for calendar
     * reads; with {@code claimedWith}, only on the resources this write's claims stamped with that token.
     */
    private void addLongest(StatementPipeline p, Calendars underLocks, Set<String> locked, TimeInterval interval,
                            Long claimedWith) throws SQLException {
        long seconds = interval.duration().toSeconds() + 1;
        for (String id : locked) {
            if (underLocks.longestBookingSeconds(id) < seconds) {
                // Even where another claim failed, harmless: a longer reach reads more, never less.
                List<Object> parameters = new ArrayList<>(List.of(seconds, id, seconds));
                if (claimedWith != null) {
                    parameters.add(claimedWith);
                }
                p.update("UPDATE resource SET longest_booking_seconds = ? WHERE id = ? AND longest_booking_seconds < ?"
                        + (claimedWith == null ? "" : " AND write_token = ?"), parameters.toArray());
                // Seen before it commits: a range that reaches back too far reads more, never less.
                longestSeen.merge(id, seconds, Math::max);
            }
        }
    }

    // Circuit numbers name tunnels, which IOS numbers up to 65535: they wrap, and a number
    // comes back only after 65535 later bookings. Identities start at 0 (HSQLDB) or 1 (PostgreSQL).
    private static final String CIRCUIT_NUMBER = "SELECT MOD(id, " + MAX_CIRCUIT + ") + 1 FROM circuit_number WHERE booking_id = ?";

    private static List<String> resourceIds(Plan plan) {
        return plan.uses().stream().map(u -> u.resource().id()).toList();
    }

    /**
     * Calendars read through one connection, so that under locks they are current. Bookings
     * overlapping a window start before its end and at most the resource's longest booking
     * before its start, which keeps a read to a range of segment_resource_calendar_idx. A
     * change of a segment is checked over calendars without the segment's own rows (its
     * current booking and any pending change), filtered within that same range. Live
     * maintenance windows are read in the same statement, through a range of
     * maintenance_window_resource_idx (those ending after the window's start).
     */
    private final class Calendars implements CalendarSource {

        /**
         * Resources per statement of a bulk read (2: the two ends a plan reads). A statement is
         * padded to the next of these sizes with parts that read nothing, so that only a few
         * distinct statements are compiled and cached per connection.
         */
        private static final int[] BULK_SIZES = {1, 2, 8, 32};
        /** Matches no resource: resource ids are never empty. */
        private static final String NO_RESOURCE = "";
        private static final String RESOURCES = "SELECT id, longest_booking_seconds, lock_version FROM resource";

        private final Connection c;
        private final String excluded;
        private final Set<String> lockFirst;
        private final Set<String> locked = new TreeSet<>();
        private final Map<String, Long> longest = new HashMap<>();
        private final Map<String, Long> versions = new HashMap<>();
        private boolean resourcesRead;
        /** The VLANs in use found by calendar reads, by resource and window. */
        private final Map<Read, Set<Integer>> vlansRead = new HashMap<>();

        private record Read(String resourceId, TimeInterval window) {
        }

        /** @param excluded the booking whose rows the calendars leave out, or null */
        Calendars(Connection c, String excluded) {
            this(c, excluded, Set.of());
        }

        /**
         * @param lockFirst resources whose rows the first read of calendars locks (in id order,
         *     moving their versions on) in its round trip, before it reads: those the caller
         *     expects to book
         */
        Calendars(Connection c, String excluded, Set<String> lockFirst) {
            this.c = c;
            this.excluded = excluded;
            this.lockFirst = new TreeSet<>(lockFirst);
        }

        /** The resources locked before the read, of those to lock first: none until a read took them. */
        Set<String> locked() {
            return Collections.unmodifiableSet(locked);
        }

        private String notExcluded() {
            return excluded == null ? "" : " AND booking_id <> ?";
        }

        /**
         * The live rows of one resource, by the range of segment_resource_calendar_idx, column 1
         * its id: those holding bandwidth make its calendar, those with a VLAN its VLANs in use.
         */
        private String bookingsPart() {
            return "SELECT resource_id, bandwidth_mbps, start_at, end_at, 0 AS maintenance, vlan, holds_capacity "
                    + "FROM segment_resource WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND occupies = TRUE" + notExcluded();
        }

        /** The live maintenance windows of {@code count} resources overlapping a window. */
        private static String maintenancePart(int count) {
            return "SELECT resource_id, CAST(0 AS BIGINT), start_at, end_at, 1, CAST(NULL AS INTEGER), FALSE "
                    + "FROM maintenance_window WHERE resource_id IN (" + String.join(", ", Collections.nCopies(count, "?"))
                    + ") AND end_at > ? AND start_at < ? AND lifted_at IS NULL";
        }

        @Override
        public BookingCalendar calendar(String resourceId, TimeInterval window) {
            return calendars(List.of(resourceId), window).get(resourceId);
        }

        /** In one statement per 32 resources: their bookings and their maintenance windows. */
        @Override
        public Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
            List<String> ids = List.copyOf(new LinkedHashSet<>(resourceIds));
            Map<String, List<Booking>> bookings = new HashMap<>();
            Map<String, List<TimeInterval>> maintenance = new HashMap<>();
            for (List<String> chunk : chunks(ids)) {
                readCalendars(chunk, window, bookings, maintenance);
            }
            Map<String, BookingCalendar> calendars = new LinkedHashMap<>();
            for (String id : ids) {
                BookingCalendar calendar = BookingCalendar.of(bookings.getOrDefault(id, List.of()));
                maintenance.getOrDefault(id, List.of()).forEach(calendar::addMaintenance);
                calendars.put(id, calendar);
            }
            return calendars;
        }

        /** The ids in chunks of at most the largest bulk size. */
        private static List<List<String>> chunks(List<String> ids) {
            int largest = BULK_SIZES[BULK_SIZES.length - 1];
            List<List<String>> chunks = new ArrayList<>();
            for (int from = 0; from < ids.size(); from += largest) {
                chunks.add(ids.subList(from, Math.min(ids.size(), from + largest)));
            }
            return chunks;
        }

        /** The ids padded with {@link #NO_RESOURCE} to the next bulk size. */
        private static List<String> padded(List<String> ids) {
            int size = Arrays.stream(BULK_SIZES).filter(n -> n >= ids.size()).findFirst().orElseThrow();
            List<String> padded = new ArrayList<>(ids);
            while (padded.size() < size) {
                padded.add(NO_RESOURCE);
            }
            return padded;
        }

        /** A row of a calendar read: a booking, or a maintenance window when {@code maintenance}. */
        private record CalendarRow(String resourceId, long mbps, TimeInterval interval, boolean maintenance, Integer vlan,
                                   boolean holdsCapacity) {
            static CalendarRow of(ResultSet rs) throws SQLException {
                int vlan = rs.getInt(6);
                Integer inUse = rs.wasNull() ? null : vlan;
                return new CalendarRow(rs.getString(1), rs.getLong(2), new TimeInterval(Jdbc.instant(rs, 3),
                        Jdbc.instant(rs, 4)), rs.getInt(5) == 1, inUse, rs.getBoolean(7));
            }
        }

        private void readCalendars(List<String> ids, TimeInterval window, Map<String, List<Booking>> bookings,
                                   Map<String, List<TimeInterval>> maintenance) {
            try {
                List<CalendarRow> rows;
                if (!resourcesRead && !c.getAutoCommit()) {
                    // The first read of a transaction takes the resources in the same round trip, in a
                    // statement before the calendars' so that the versions vouch for them. Its ranges
                    // reach back as far as the longest bookings last seen; where a resource's has grown
                    // since, its calendar is read again with the range it needs.
                    Map<String, Long> reach = new HashMap<>();
                    ids.forEach(id -> reach.put(id, longestSeen.getOrDefault(id, 0L)));
                    StatementPipeline p = StatementPipeline.on(c);
                    Map<String, StatementPipeline.Count> locks = new LinkedHashMap<>();
                    for (String id : lockFirst) {
                        locks.put(id, p.update("UPDATE resource SET lock_version = lock_version + 1 WHERE id = ?", id));
                    }
                    StatementPipeline.Rows<Object[]> resources = p.query(RESOURCES,
                            rs -> new Object[] {rs.getString(1), rs.getLong(2), rs.getLong(3)});
                    StatementPipeline.Rows<CalendarRow> calendarRows = p.query(calendarSql(padded(ids).size()),
                            CalendarRow::of, calendarParameters(ids, window, reach::get));
                    p.run();
                    locks.forEach((id, count) -> {
                        if (count.value() == 1) {
                            locked.add(id);
                        }
                    });
                    resourcesRead(resources.list());
                    List<String> grown = ids.stream().filter(id -> longest.getOrDefault(id, 0L) > reach.get(id)).toList();
                    rows = calendarRows.list().stream().filter(r -> !grown.contains(r.resourceId())).toList();
                    if (!grown.isEmpty()) {
                        rows = new ArrayList<>(rows);
                        rows.addAll(calendarRows(grown, window));
                    }
                } else {
                    rows = calendarRows(ids, window);
                }
                Map<String, Set<Integer>> vlans = new HashMap<>();
                ids.forEach(id -> vlans.put(id, new TreeSet<>()));
                for (CalendarRow r : rows) {
                    if (r.maintenance()) {
                        maintenance.computeIfAbsent(r.resourceId(), k -> new ArrayList<>()).add(r.interval());
                        continue;
                    }
                    if (r.holdsCapacity()) {
                        bookings.computeIfAbsent(r.resourceId(), k -> new ArrayList<>()).add(new Booking(r.interval(), r.mbps()));
                    }
                    if (r.vlan() != null) {
                        vlans.get(r.resourceId()).add(r.vlan());
                    }
                }
                vlans.forEach((id, inUse) -> vlansRead.put(new Read(id, window), Collections.unmodifiableSet(inUse)));
            } catch (SQLException e) {
                throw new StoreException("reading the calendars of " + ids, e);
            }
        }

        /** The calendars of the resources, in one statement, over the ranges of their longest bookings as read. */
        private List<CalendarRow> calendarRows(List<String> ids, TimeInterval window) throws SQLException {
            Map<String, Long> reach = new HashMap<>();
            for (String id : ids) {
                reach.put(id, longestBookingSeconds(id));
            }
            try (PreparedStatement ps = c.prepareStatement(calendarSql(padded(ids).size()))) {
                int p = 1;
                for (Object v : calendarParameters(ids, window, reach::get)) {
                    ps.setObject(p++, v);
                }
                List<CalendarRow> rows = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(CalendarRow.of(rs));
                    }
                }
                return rows;
            }
        }

        private String calendarSql(int size) {
            StringBuilder sql = new StringBuilder();
            for (int i = 0; i < size; i++) {
                sql.append(bookingsPart()).append(" UNION ALL ");
            }
            return sql.append(maintenancePart(size)).toString();
        }

        /** The parameters of {@link #calendarSql} for the ids padded to a bulk size, each range reaching back {@code reach}. */
        private Object[] calendarParameters(List<String> ids, TimeInterval window, Function<String, Long> reach) {
            List<String> padded = padded(ids);
            List<Object> parameters = new ArrayList<>();
            for (String id : padded) {
                parameters.addAll(windowParameters(id, window, id.equals(NO_RESOURCE) ? 0 : reach.apply(id)));
            }
            parameters.addAll(padded);
            parameters.add(Jdbc.utc(window.start()));
            parameters.add(Jdbc.utc(window.end()));
            return parameters.toArray();
        }

        @Override
        public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
            return vlansInUse(List.of(resourceId), interval).get(resourceId);
        }

        /**
         * Those the calendar read of the same window found (a plan reads the calendars, then the
         * VLANs); the others by reading their calendars, which finds their VLANs in the same
         * statement.
         */
        @Override
        public Map<String, Set<Integer>> vlansInUse(Collection<String> resourceIds, TimeInterval interval) {
            List<String> unread = resourceIds.stream().distinct()
                    .filter(id -> !vlansRead.containsKey(new Read(id, interval))).toList();
            if (!unread.isEmpty()) {
                calendars(unread, interval);
            }
            Map<String, Set<Integer>> vlans = new LinkedHashMap<>();
            resourceIds.forEach(id -> vlans.put(id, vlansRead.get(new Read(id, interval))));
            return vlans;
        }

        @Override
        public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
            VlanBookings vlans = new VlanBookings();
            try (PreparedStatement ps = c.prepareStatement("SELECT vlan, start_at, end_at FROM segment_resource "
                    + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND vlan IS NOT NULL AND occupies = TRUE" + notExcluded())) {
                bindWindow(ps, 1, resourceId, window);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        vlans.add(rs.getInt(1), new TimeInterval(Jdbc.instant(rs, 2), Jdbc.instant(rs, 3)));
                    }
                }
            } catch (SQLException e) {
                throw new StoreException("reading the VLANs in use on " + resourceId, e);
            }
            return vlans.toMap();
        }

        /** The ids of the live bookings holding bandwidth on the resource during {@code interval}, sorted. */
        List<String> bookingsDuring(String resourceId, TimeInterval interval) throws SQLException {
            Set<String> ids = new TreeSet<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT booking_id FROM segment_resource "
                    + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND holds_capacity = TRUE AND occupies = TRUE" + notExcluded())) {
                bindWindow(ps, 1, resourceId, interval);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            return List.copyOf(ids);
        }

        /** Binds one resource's booking range from parameter {@code p}; answers the next parameter. */
        private int bindWindow(PreparedStatement ps, int p, String resourceId, TimeInterval window) throws SQLException {
            for (Object v : windowParameters(resourceId, window, longestBookingSeconds(resourceId))) {
                ps.setObject(p++, v);
            }
            return p;
        }

        /** One resource's booking range: those starting at most {@code reachSeconds} before the window. */
        private List<Object> windowParameters(String resourceId, TimeInterval window, long reachSeconds) {
            List<Object> parameters = new ArrayList<>(List.of(resourceId,
                    Jdbc.utc(window.start().minusSeconds(reachSeconds)), Jdbc.utc(window.end()), Jdbc.utc(window.start())));
            if (excluded != null) {
                parameters.add(excluded);
            }
            return parameters;
        }

        /**
         * The resource's longest booking. Every resource's is read at the first need, in one
         * query: a plan reads the calendars of several resources (a WAN path, its alternatives),
         * and on a database server each query is a round trip.
         */
        long longestBookingSeconds(String resourceId) throws SQLException {
            readResources();
            return longest.getOrDefault(resourceId, 0L);
        }

        /** The resource's lock version as read with the longest bookings; -1 for one not registered. */
        long version(String resourceId) throws SQLException {
            readResources();
            return versions.getOrDefault(resourceId, -1L);
        }

        /** Reads every resource's longest booking and lock version, once. */
        void readResources() throws SQLException {
            if (resourcesRead) {
                return;
            }
            List<Object[]> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(RESOURCES); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Object[] {rs.getString(1), rs.getLong(2), rs.getLong(3)});
                }
            }
            resourcesRead(rows);
        }

        /** Keeps each resource's longest booking and lock version, from rows of {@link #RESOURCES}. */
        private void resourcesRead(List<Object[]> rows) {
            resourcesRead = true;
            for (Object[] r : rows) {
                longest.put((String) r[0], (Long) r[1]);
                versions.put((String) r[0], (Long) r[2]);
                longestSeen.merge((String) r[0], (Long) r[1], Math::max);
            }
        }
    }

    /** Calendars over the committed state: each read on a connection of its own, read-only. */
    private final class CommittedCalendars implements CalendarSource {

        @Override
        public BookingCalendar calendar(String resourceId, TimeInterval window) {
            return read(calendars -> calendars.calendar(resourceId, window));
        }

        @Override
        public Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
            return read(calendars -> calendars.calendars(resourceIds, window));
        }

        @Override
        public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
            return read(calendars -> calendars.vlansInUse(resourceId, interval));
        }

        @Override
        public Map<String, Set<Integer>> vlansInUse(Collection<String> resourceIds, TimeInterval interval) {
            return read(calendars -> calendars.vlansInUse(resourceIds, interval));
        }

        @Override
        public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
            return read(calendars -> calendars.vlanBookings(resourceId, window));
        }

        private <T> T read(Function<Calendars, T> read) {
            try (Connection c = dataSource.getConnection()) {
                c.setReadOnly(true);
                return read.apply(new Calendars(c, null));
            } catch (SQLException e) {
                throw new StoreException("reading calendars", e);
            }
        }
    }

    @Override
    public CalendarSource committedCalendars() {
        return new CommittedCalendars();
    }

    // ---- maintenance windows ----

    private static final String WINDOW_COLUMNS =
            "id, resource_id, start_at, end_at, reason, created_by, created_at, lifted_at, lifted_by, lift_reason";

    @Override
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor,
                                            Instant at) {
        String storedReason = Jdbc.clip(reason, 2000);
        String storedActor = Jdbc.clip(actor, 200);
        return inTransaction(c -> {
            lock(c, List.of(resourceId));
            Optional<MaintenanceWindow> same;
            try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window "
                    + "WHERE resource_id = ? AND end_at = ? AND start_at = ? AND reason = ? AND created_by = ? "
                    + "AND lifted_at IS NULL ORDER BY id")) {
                ps.setString(1, resourceId);
                ps.setObject(2, Jdbc.utc(interval.end()));
                ps.setObject(3, Jdbc.utc(interval.start()));
                ps.setString(4, storedReason);
                ps.setString(5, storedActor);
                same = windows(ps).stream().findFirst();
            }
            MaintenanceWindow window;
            if (same.isPresent()) {
                window = same.get();
            } else {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO maintenance_window (resource_id, start_at, "
                        + "end_at, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                    ps.setString(1, resourceId);
                    ps.setObject(2, Jdbc.utc(interval.start()));
                    ps.setObject(3, Jdbc.utc(interval.end()));
                    ps.setString(4, storedReason);
                    ps.setString(5, storedActor);
                    ps.setObject(6, Jdbc.utc(at));
                    ps.executeUpdate();
                    try (ResultSet keys = ps.getGeneratedKeys()) {
                        keys.next();
                        window = new MaintenanceWindow(keys.getLong(1), resourceId, interval, storedReason, storedActor,
                                at, null);
                    }
                }
            }
            return new MaintenanceImpact(window, new Calendars(c, null).bookingsDuring(resourceId, interval));
        });
    }

    @Override
    public Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE maintenance_window SET lifted_at = ?, lifted_by = ?, "
                    + "lift_reason = ? WHERE id = ? AND lifted_at IS NULL")) {
                ps.setObject(1, Jdbc.utc(lift.at()));
                ps.setString(2, Jdbc.clip(lift.by(), 200));
                ps.setString(3, Jdbc.clip(lift.reason(), 2000));
                ps.setLong(4, id);
                ps.executeUpdate();
            }
            return findWindowIn(c, id);
        });
    }

    @Override
    public Optional<MaintenanceWindow> findMaintenance(long id) {
        return inTransaction(c -> findWindowIn(c, id));
    }

    @Override
    public List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window WHERE "
                    + (resourceId == null ? "" : "resource_id = ? AND ") + "end_at > ? AND start_at < ? ORDER BY start_at, id")) {
                int p = 1;
                if (resourceId != null) {
                    ps.setString(p++, resourceId);
                }
                ps.setObject(p++, Jdbc.utc(window.start()));
                ps.setObject(p, Jdbc.utc(window.end()));
                return windows(ps);
            }
        });
    }

    @Override
    public List<String> bookingsDuring(String resourceId, TimeInterval interval) {
        return inTransaction(c -> new Calendars(c, null).bookingsDuring(resourceId, interval));
    }

    private static Optional<MaintenanceWindow> findWindowIn(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window WHERE id = ?")) {
            ps.setLong(1, id);
            return windows(ps).stream().findFirst();
        }
    }

    private static List<MaintenanceWindow> windows(PreparedStatement ps) throws SQLException {
        List<MaintenanceWindow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Instant liftedAt = Jdbc.instantOrNull(rs, "lifted_at");
                MaintenanceWindow.Lift lift = liftedAt == null ? null
                        : new MaintenanceWindow.Lift(rs.getString("lifted_by"), rs.getString("lift_reason"), liftedAt);
                out.add(new MaintenanceWindow(rs.getLong("id"), rs.getString("resource_id"),
                        new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at")), rs.getString("reason"),
                        rs.getString("created_by"), Jdbc.instant(rs, "created_at"), lift));
            }
        }
        return out;
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

    /**
     * The move, only while the hold lapses after {@code holdOpenAt} when that is given. It
     * stamps the row with a token of its own, and what goes with it acts only on the row
     * bearing the token, so the transaction commits with the statements, moved or not.
     */
    private Optional<Segment> moveIn(Connection c, String bookingId, Transition transition, Instant holdOpenAt)
            throws SQLException {
        long token = ThreadLocalRandom.current().nextLong();
        StatementPipeline p = StatementPipeline.on(c);
        List<Object> moveParameters = new ArrayList<>(List.of(transition.to().name(), Jdbc.utc(transition.at()), token,
                transition.to().name(), bookingId, transition.from().name()));
        if (holdOpenAt != null) {
            moveParameters.add(Jdbc.utc(holdOpenAt));
        }
        StatementPipeline.Count moved = p.update("UPDATE segment SET state = ?, updated_at = ?, write_token = ?, "
                + "hold_expires_at = CASE WHEN ? = 'HELD' THEN hold_expires_at ELSE NULL END "
                + "WHERE booking_id = ? AND state = ?" + (holdOpenAt == null ? "" : " AND hold_expires_at > ?"),
                moveParameters.toArray());
        if (transition.from().holdsResources() && !transition.to().holdsResources()) {
            p.update("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ? AND EXISTS (SELECT 1 " + WRITTEN
                    + ")", bookingId, bookingId, token);
            // A change pending on a segment that ends is dropped with it.
            p.update("INSERT INTO segment_change (booking_id, kind, end_at, bandwidth_mbps, actor, reason, occurred_at) "
                    + "SELECT booking_id, ?, pending_end_at, pending_bandwidth_mbps, ?, ?, ? " + WRITTEN
                    + " AND pending_end_at IS NOT NULL", SegmentChange.Kind.ABORTED.name(),
                    transition.actor(), "dropped: the segment is " + transition.to(), Jdbc.utc(transition.at()), bookingId,
                    token);
            p.update("UPDATE segment SET pending_end_at = NULL, pending_bandwidth_mbps = NULL, pending_expires_at = NULL "
                    + "WHERE booking_id = ? AND write_token = ?", bookingId, token);
        }
        addHistory(p, transition, WRITTEN, bookingId, token);
        StatementPipeline.Rows<Segment> found = segmentAfter(p, bookingId);
        p.runAndCommit();
        return moved.value() == 1 ? found.first() : Optional.empty();
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
        StatementPipeline p = StatementPipeline.on(c);
        addUses(p, plan, interval, revision, true, OF_SEGMENT, bookingId);
        addLongest(p, others, locked, interval, null);
        addChange(p, bookingId, requested);
        StatementPipeline.Rows<Segment> result = segmentAfter(p, bookingId);
        p.run();
        return result.first();
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
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count moved = p.update("UPDATE segment SET end_at = pending_end_at, "
                    + "bandwidth_mbps = pending_bandwidth_mbps, plan = ?, updated_at = ?, pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ? AND pending_expires_at > ?", toJson(plan), Jdbc.utc(committed.at()),
                    bookingId, Jdbc.utc(committed.end()), committed.bandwidthMbps(), Jdbc.utc(committed.at()));
            p.update("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ? AND pending = FALSE "
                    + "AND occupies = TRUE", bookingId);
            p.update("UPDATE segment_resource SET pending = FALSE WHERE booking_id = ? AND pending = TRUE "
                    + "AND occupies = TRUE", bookingId);
            addChange(p, bookingId, committed);
            StatementPipeline.Rows<Segment> changed = segmentAfter(p, bookingId);
            p.run();
            return moved.value() == 1 ? changed.first() : Jdbc.nothingChanged(c);
        });
    }

    @Override
    public Optional<Segment> dropChange(String bookingId, SegmentChange dropped) {
        boolean lapse = dropped.kind() == SegmentChange.Kind.LAPSED;
        if (!lapse && dropped.kind() != SegmentChange.Kind.ABORTED) {
            throw new IllegalArgumentException("not a drop of a change: " + dropped);
        }
        return inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            List<Object> dropParameters = new ArrayList<>(List.of(bookingId, Jdbc.utc(dropped.end()),
                    dropped.bandwidthMbps()));
            if (lapse) {
                dropParameters.add(Jdbc.utc(dropped.at()));
            }
            StatementPipeline.Count moved = p.update("UPDATE segment SET pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ?" + (lapse ? " AND pending_expires_at <= ?" : ""),
                    dropParameters.toArray());
            p.update("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ? AND pending = TRUE "
                    + "AND occupies = TRUE", bookingId);
            addChange(p, bookingId, dropped);
            StatementPipeline.Rows<Segment> found = segmentAfter(p, bookingId);
            p.run();
            return moved.value() == 1 ? found.first() : Jdbc.nothingChanged(c);
        });
    }

    @Override
    public List<Segment> expiredChanges(Instant now) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    // IS NOT NULL lets PostgreSQL's kept generic plan read segment_pending_idx: it
                    // estimates a comparison with a parameter to match a third of the rows, and
                    // scanned the whole table at every sweep, but knows that almost every
                    // segment's pending_expires_at is null.
                    "SELECT * FROM segment WHERE pending_expires_at IS NOT NULL AND pending_expires_at <= ? "
                            + "ORDER BY pending_expires_at "
                            + "FETCH FIRST " + SWEEP_BATCH + " ROWS ONLY")) {
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

    /**
     * Rows of a segment are inserted from its row: none when it does not exist, where a
     * pipeline's update found nothing to change and is about to be rolled back.
     */
    private static final String OF_SEGMENT = "FROM segment WHERE booking_id = ?";
    /** The segment's row if the write that stamped it with its token (the second parameter) took place. */
    private static final String WRITTEN = OF_SEGMENT + " AND write_token = ?";

    private static void addChange(StatementPipeline p, String bookingId, SegmentChange change) {
        p.update("INSERT INTO segment_change (booking_id, kind, end_at, bandwidth_mbps, actor, reason, occurred_at) "
                + "SELECT booking_id, ?, ?, ?, ?, ?, ? " + OF_SEGMENT, change.kind().name(), Jdbc.utc(change.end()),
                change.bandwidthMbps(), Jdbc.clip(change.actor(), 200), Jdbc.clip(change.reason(), 2000),
                Jdbc.utc(change.at()), bookingId);
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
        try (PreparedStatement ps = c.prepareStatement(FIND)) {
            ps.setString(1, bookingId);
            return segments(ps).stream().findFirst();
        }
    }

    /** The segment as the pipeline's writes before this leave it. */
    private StatementPipeline.Rows<Segment> segmentAfter(StatementPipeline p, String bookingId) {
        return p.query(FIND, this::segment, bookingId);
    }

    private static final String FIND = "SELECT * FROM segment WHERE booking_id = ?";

    private List<Segment> segments(PreparedStatement ps) throws SQLException {
        List<Segment> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(segment(rs));
            }
        }
        return out;
    }

    private Segment segment(ResultSet rs) throws SQLException {
        SegmentRequest request = new SegmentRequest(rs.getString("booking_id"), rs.getString("source_endpoint"),
                rs.getString("destination_endpoint"), rs.getLong("bandwidth_mbps"),
                new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at")),
                0, 0);
        Plan plan = fromJson(rs.getString("plan"));
        Instant pendingEnd = Jdbc.instantOrNull(rs, "pending_end_at");
        Segment.PendingChange pending = pendingEnd == null ? null : new Segment.PendingChange(pendingEnd,
                rs.getLong("pending_bandwidth_mbps"), Jdbc.instant(rs, "pending_expires_at"));
        return new Segment(request, rs.getLong("circuit_id"), SegmentState.valueOf(rs.getString("state")), plan,
                Jdbc.instantOrNull(rs, "hold_expires_at"), Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"),
                pending);
    }

    /** Records the transition of the segment that {@code of} (OF_SEGMENT or WRITTEN) selects with its parameters. */
    private static void addHistory(StatementPipeline p, Transition t, String of, Object... ofParameters) {
        List<Object> parameters = new ArrayList<>(List.of(
                t.from() == null ? StatementPipeline.nullOf(Types.VARCHAR) : t.from().name(), t.to().name(), t.actor(),
                Jdbc.clip(t.reason(), 2000), Jdbc.utc(t.at())));
        parameters.addAll(List.of(ofParameters));
        p.update("INSERT INTO segment_history (booking_id, from_state, to_state, actor, reason, occurred_at) "
                + "SELECT booking_id, ?, ?, ?, ?, ? " + of, parameters.toArray());
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
