package org.crs.nsap.store;

import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.domain.admission.Resource;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.CalendarStore;

/** The resources and their committed calendars over JDBC. */
final class JdbcCalendarStore implements CalendarStore {

    private final SegmentDatabase db;

    JdbcCalendarStore(SegmentDatabase db) {
        this.db = db;
    }

    @Override
    public void registerResources(List<Resource> resources) {
        db.inTransaction(c -> {
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
    public CalendarSource committedCalendars() {
        return new CommittedCalendars();
    }

    /** Calendars over the committed state: each read on a connection of its own, read-only. */
    private final class CommittedCalendars implements CalendarSource {

        @Override
        public BookingCalendar calendar(String resourceId, TimeInterval window) {
            return db.readCommitted(calendars -> calendars.calendar(resourceId, window));
        }

        @Override
        public Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
            return db.readCommitted(calendars -> calendars.calendars(resourceIds, window));
        }

        @Override
        public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
            return db.readCommitted(calendars -> calendars.vlansInUse(resourceId, interval));
        }

        @Override
        public Map<String, Set<Integer>> vlansInUse(Collection<String> resourceIds, TimeInterval interval) {
            return db.readCommitted(calendars -> calendars.vlansInUse(resourceIds, interval));
        }

        @Override
        public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
            return db.readCommitted(calendars -> calendars.vlanBookings(resourceId, window));
        }
    }
}
