package org.crs.nsap.store;

import static org.crs.nsap.store.SegmentDatabase.lock;
import static org.crs.nsap.store.SegmentDatabase.resourceIds;
import static org.crs.nsap.store.SegmentRows.WRITTEN;
import static org.crs.nsap.store.SegmentRows.addHistory;
import static org.crs.nsap.store.SegmentRows.addUses;
import static org.crs.nsap.store.SegmentRows.findIn;
import static org.crs.nsap.store.SegmentRows.segmentAfter;
import static org.crs.nsap.store.SegmentRows.segments;
import static org.crs.nsap.store.SegmentRows.toJson;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.DuplicateBooking;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.SegmentDatabase.Attempt;
import org.crs.service.db.Jdbc;
import org.crs.service.db.SqlEnums;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;
import org.crs.service.db.Vendor;

/**
 * Admission and booking over JDBC. Admission and booking are one transaction that locks the
 * booked resources' rows in id order, so concurrent holds, from this process or another
 * sharing the database, never overbook.
 */
final class JdbcBookingStore implements BookingStore {

    private static final int MAX_CIRCUIT = 65535;

    private final SegmentDatabase db;
    /** The resources the last hold between two endpoints ({@code "source destination"}) booked. */
    private final Map<String, Set<String>> lastBooked = new ConcurrentHashMap<>();

    JdbcBookingStore(SegmentDatabase db) {
        this.db = db;
    }

    @Override
    public Optional<Segment> find(String bookingId) {
        return db.inTransaction(c -> findIn(c, bookingId));
    }

    @Override
    public List<Segment> query(List<SegmentState> states, TimeInterval window) {
        return query(null, states, window);
    }

    @Override
    public List<Segment> queryOwnedBy(SegmentOwner.Bar owner, List<SegmentState> states, TimeInterval window) {
        return query(owner, states, window);
    }

    @Override
    public List<String> unowned(int limit) {
        return db.inTransaction(c -> SegmentDatabase.list(c, "SELECT booking_id FROM segment WHERE owner_site IS NULL "
                + "ORDER BY booking_id FETCH FIRST " + limit + " ROWS ONLY", rs -> rs.getString(1)));
    }

    @Override
    public boolean adopt(String bookingId, SegmentOwner.Bar owner) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE segment SET owner_site = ? WHERE booking_id = ? AND owner_site IS NULL")) {
                ps.setString(1, owner.site());
                ps.setString(2, bookingId);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** The segments in the states overlapping the window, of {@code owner} (of every owner when null). */
    private List<Segment> query(SegmentOwner.Bar owner, List<SegmentState> states, TimeInterval window) {
        StringBuilder sql = new StringBuilder("SELECT * FROM segment WHERE 1 = 1");
        if (owner != null) {
            sql.append(" AND owner_site = ?");
        }
        if (!states.isEmpty()) {
            sql.append(" AND state IN (").append(SqlEnums.literals(EnumSet.copyOf(states))).append(")");
        }
        if (window != null) {
            sql.append(" AND start_at < ? AND end_at > ?");
        }
        sql.append(" ORDER BY start_at, booking_id");
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                int i = 1;
                if (owner != null) {
                    ps.setString(i++, owner.site());
                }
                if (window != null) {
                    ps.setObject(i++, Jdbc.utc(window.end()));
                    ps.setObject(i, Jdbc.utc(window.start()));
                }
                return segments(ps);
            }
        });
    }

    @Override
    public List<Segment> expiredHolds(Instant now) {
        return db.inTransaction(c -> SegmentRows.due(c, "state = " + SqlEnums.literal(SegmentState.HELD)
                + " AND hold_expires_at <= ?", "hold_expires_at", now));
    }

    @Override
    public Plan tryPlan(SegmentRequest request, ResourcePlanner planner) throws PlanRefused {
        return db.readCommitted(calendars -> planner.plan(request, calendars));
    }

    @Override
    public Segment hold(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Instant holdExpiresAt,
                        Transition created) throws PlanRefused {
        return book(request, planner, new Entry(owner, List.of(created), holdExpiresAt));
    }

    @Override
    public Segment holdAndCommit(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Transition created,
                                 Transition committed) throws PlanRefused {
        if (created.from() != null || committed.from() != SegmentState.HELD || committed.to() != SegmentState.COMMITTED) {
            throw new IllegalArgumentException("not a creation and its commit: " + created + ", " + committed);
        }
        return book(request, planner, new Entry(owner, List.of(created, committed), null));
    }

    /** How a new segment enters the store: its owner, its first history entries, and when its hold lapses while HELD. */
    private record Entry(SegmentOwner owner, List<Transition> steps, Instant holdExpiresAt) {

        SegmentState state() {
            return steps.get(steps.size() - 1).to();
        }

        Instant at() {
            return steps.get(0).at();
        }
    }

    private Segment book(SegmentRequest request, ResourcePlanner planner, Entry entry) throws PlanRefused {
        return db.retried("holding " + request.bookingId(), c -> {
            try {
                Optional<Segment> held = tryHold(c, request, planner, entry);
                // Empty: the plan moved to resources not locked: plan again.
                return held.<Attempt<Segment>>map(Attempt.Commit::new).orElseGet(Attempt.Again::new);
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    throw new DuplicateBooking(request.bookingId(), e);
                }
                throw e;
            }
        });
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
        ConnectionCalendars calendars = db.calendarsLocking(c, lockFirst ? lastBooked.getOrDefault(endpoints, Set.of()) : Set.of());
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
        calendars = db.calendars(c);
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
    private Optional<Segment> book(Connection c, SegmentRequest request, Plan plan, ConnectionCalendars read, boolean underLocks,
                                   Entry entry) throws SQLException {
        Set<String> resources = new TreeSet<>(resourceIds(plan));
        long token = ThreadLocalRandom.current().nextLong();
        StatementPipeline p = StatementPipeline.on(c);
        if (underLocks || resources.isEmpty()) {
            writeBooking(p, request, plan, entry, "1 = 1", List.of(), token);
            db.addLongest(p, read, resources, request.interval(), OptionalLong.empty());
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
        db.addLongest(p, read, resources, request.interval(), OptionalLong.of(token));
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
                toJson(plan), Jdbc.utc(now), Jdbc.utc(now), token, SegmentRows.ownerSite(entry.owner())));
        segment.addAll(conditionParameters);
        // The segment takes its circuit number by a subquery, not from the generated key, and the
        // number comes back with the last statement.
        p.update("INSERT INTO segment (booking_id, circuit_id, state, source_endpoint, destination_endpoint, "
                + "bandwidth_mbps, start_at, end_at, hold_expires_at, source_vlan, destination_vlan, plan, created_at, "
                + "updated_at, write_token, owner_site) SELECT ?, (" + CIRCUIT_NUMBER + "), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + "?, ?, ? "
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
        return circuitId.first().map(n -> new Segment(request, n, entry.state(), plan, entry.holdExpiresAt(), now, now,
                entry.owner()));
    }

    @Override
    public boolean abortUnheld(String bookingId, SegmentOwner owner, String actor, String reason, Instant at) {
        try {
            return db.inTransaction(c -> {
                StatementPipeline p = StatementPipeline.on(c);
                // The circuit number's row is what a hold inserts first: whichever commits first takes the id.
                p.update("INSERT INTO circuit_number (booking_id) VALUES (?)", bookingId);
                p.update("INSERT INTO segment_abort (booking_id, actor, reason, aborted_at, owner_site) VALUES (?, ?, ?, ?, ?)",
                        bookingId, actor, Jdbc.clip(reason, 2000), Jdbc.utc(at), SegmentRows.ownerSite(owner));
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
        return db.inTransaction(c -> SegmentDatabase.list(c,
                "SELECT actor, reason, aborted_at, owner_site FROM segment_abort WHERE booking_id = ?",
                rs -> new UnheldAbort(bookingId, SegmentRows.owner(rs.getString(4)), rs.getString(1), rs.getString(2),
                        Jdbc.instant(rs, 3)), bookingId)
                .stream().findFirst());
    }


    // Circuit numbers name tunnels, which IOS numbers up to 65535: they wrap, and a number
    // comes back only after 65535 later bookings. Identities start at 0 (HSQLDB) or 1 (PostgreSQL).
    private static final String CIRCUIT_NUMBER = "SELECT MOD(id, " + MAX_CIRCUIT + ") + 1 FROM circuit_number WHERE booking_id = ?";

    @Override
    public Optional<Segment> move(String bookingId, Transition transition) {
        return db.inTransaction(c -> moveIn(c, bookingId, transition, null));
    }

    @Override
    public Optional<Segment> commitHold(String bookingId, Transition committed) {
        if (committed.from() != SegmentState.HELD || committed.to() != SegmentState.COMMITTED) {
            throw new IllegalArgumentException("not a commit of a hold: " + committed);
        }
        return db.inTransaction(c -> moveIn(c, bookingId, committed, committed.at()));
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
                + "hold_expires_at = CASE WHEN ? = " + SqlEnums.literal(SegmentState.HELD) + " THEN hold_expires_at ELSE NULL END "
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
    public List<Transition> history(String bookingId) {
        return db.inTransaction(c -> SegmentDatabase.list(c,
                "SELECT from_state, to_state, actor, reason, occurred_at FROM segment_history WHERE booking_id = ? ORDER BY id",
                rs -> {
                    String from = rs.getString(1);
                    return from == null
                            ? Transition.created(rs.getString(3), rs.getString(4), Jdbc.instant(rs, 5))
                            : new Transition(SegmentState.valueOf(from), SegmentState.valueOf(rs.getString(2)),
                                    rs.getString(3), rs.getString(4), Jdbc.instant(rs, 5));
                }, bookingId));
    }
}
