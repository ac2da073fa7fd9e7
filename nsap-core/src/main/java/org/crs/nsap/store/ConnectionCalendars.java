package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.VlanBookings;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;

/**
 * Calendars read through one connection, so that under locks they are current. Bookings
 * overlapping a window start before its end and at most the resource's longest booking
 * before its start, which keeps a read to a range of segment_resource_calendar_idx. A
 * change of a segment is checked over calendars without the segment's own rows (its
 * current booking and any pending change), filtered within that same range. Live
 * maintenance windows are read in the same statement, through a range of
 * maintenance_window_resource_idx (those ending after the window's start).
 */
final class ConnectionCalendars implements CalendarSource {

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
    private final Map<String, Long> longestSeen;
    private final Set<String> locked = new TreeSet<>();
    private final Map<String, Long> longest = new HashMap<>();
    private final Map<String, Long> versions = new HashMap<>();
    private boolean resourcesRead;
    /** The VLANs in use found by calendar reads, by resource and window. */
    private final Map<Read, Set<Integer>> vlansRead = new HashMap<>();

    private record Read(String resourceId, TimeInterval window) {
    }

    /**
     * @param excluded the booking whose rows the calendars leave out, or null
     * @param longestSeen each resource's longest booking as last read by any calendars of the
     *     same store: it only grows, so a first calendar read that reaches back this far misses
     *     a booking only where a later read finds it has grown
     */
    ConnectionCalendars(Connection c, String excluded, Map<String, Long> longestSeen) {
        this(c, excluded, Set.of(), longestSeen);
    }

    /**
     * @param lockFirst resources whose rows the first read of calendars locks (in id order,
     *     moving their versions on) in its round trip, before it reads: those the caller
     *     expects to book
     */
    ConnectionCalendars(Connection c, String excluded, Set<String> lockFirst, Map<String, Long> longestSeen) {
        this.c = c;
        this.excluded = excluded;
        this.lockFirst = new TreeSet<>(lockFirst);
        this.longestSeen = longestSeen;
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
        try {
            readRange("SELECT vlan, start_at, end_at FROM segment_resource "
                    + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                    + "AND vlan IS NOT NULL AND occupies = TRUE" + notExcluded(), resourceId, window,
                    rs -> vlans.add(rs.getInt(1), new TimeInterval(Jdbc.instant(rs, 2), Jdbc.instant(rs, 3))));
        } catch (SQLException e) {
            throw new StoreException("reading the VLANs in use on " + resourceId, e);
        }
        return vlans.toMap();
    }

    /** The ids of the live bookings holding bandwidth on the resource during {@code interval}, sorted. */
    List<String> bookingsDuring(String resourceId, TimeInterval interval) throws SQLException {
        Set<String> ids = new TreeSet<>();
        readRange("SELECT booking_id FROM segment_resource "
                + "WHERE resource_id = ? AND start_at >= ? AND start_at < ? AND end_at > ? "
                + "AND holds_capacity = TRUE AND occupies = TRUE" + notExcluded(), resourceId, interval,
                rs -> ids.add(rs.getString(1)));
        return List.copyOf(ids);
    }

    /** Something done with each row of a read. */
    @FunctionalInterface
    private interface RowAction {
        void accept(ResultSet rs) throws SQLException;
    }

    /** Runs {@code sql}, a read of one resource's booking range over {@code window}, and hands each row to {@code row}. */
    private void readRange(String sql, String resourceId, TimeInterval window, RowAction row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bindWindow(ps, 1, resourceId, window);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs);
                }
            }
        }
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
