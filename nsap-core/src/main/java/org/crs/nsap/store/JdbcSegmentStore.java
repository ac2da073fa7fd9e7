package org.crs.nsap.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.domain.admission.Resource;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.CalendarStore;
import org.crs.nsap.port.ChangeStore;
import org.crs.nsap.port.DeviceLogStore;
import org.crs.nsap.port.MaintenanceStore;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.service.audit.AuditTrail;

/**
 * The segment store over JDBC, on HSQLDB or PostgreSQL (schema/nsap): each port answered by
 * its adapter, all of them over one {@link SegmentDatabase}, so that what one adapter's
 * calendar reads learn (each resource's longest booking) serves the others' reads.
 */
public final class JdbcSegmentStore implements SegmentStore {

    private final BookingStore bookings;
    private final CalendarStore calendars;
    private final MaintenanceStore maintenance;
    private final ChangeStore changes;
    private final DeviceLogStore deviceLog;

    private final AuditTrail auditTrail;

    /** A store over the database's schema/nsap tables whose router commands are audited as {@value #DEFAULT_ACTOR}'s. */
    public JdbcSegmentStore(DataSource dataSource) {
        this(dataSource, DEFAULT_ACTOR);
    }

    /** The actor of the router commands of a store made without a service name. */
    public static final String DEFAULT_ACTOR = "nsap";

    /**
     * A store over the database's schema/nsap tables, with the service's audit trail on the same
     * database; every exchange of the device log also goes into the trail.
     *
     * @param serviceName the instance's name, the actor of its router commands in the audit trail
     */
    public JdbcSegmentStore(DataSource dataSource, String serviceName) {
        SegmentDatabase db = new SegmentDatabase(dataSource);
        this.auditTrail = new AuditTrail(dataSource);
        this.bookings = new JdbcBookingStore(db);
        this.calendars = new JdbcCalendarStore(db);
        this.maintenance = new JdbcMaintenanceStore(db);
        this.changes = new JdbcChangeStore(db);
        this.deviceLog = new JdbcDeviceLogStore(db, auditTrail, serviceName);
    }

    /** The service's audit trail, on this store's database. */
    public AuditTrail auditTrail() {
        return auditTrail;
    }

    // ---- admission and booking (BookingStore) ----

    @Override
    public Optional<Segment> find(String bookingId) {
        return bookings.find(bookingId);
    }

    @Override
    public List<Segment> query(List<SegmentState> states, TimeInterval window) {
        return bookings.query(states, window);
    }

    @Override
    public List<Segment> queryOwnedBy(SegmentOwner.Bar owner, List<SegmentState> states, TimeInterval window) {
        return bookings.queryOwnedBy(owner, states, window);
    }

    @Override
    public List<String> unowned(int limit) {
        return bookings.unowned(limit);
    }

    @Override
    public boolean adopt(String bookingId, SegmentOwner.Bar owner) {
        return bookings.adopt(bookingId, owner);
    }

    @Override
    public List<Segment> expiredHolds(Instant now) {
        return bookings.expiredHolds(now);
    }

    @Override
    public Segment hold(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Instant holdExpiresAt,
                        Transition created) throws PlanRefused {
        return bookings.hold(request, owner, planner, holdExpiresAt, created);
    }

    @Override
    public Segment holdAndCommit(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Transition created,
                                 Transition committed) throws PlanRefused {
        return bookings.holdAndCommit(request, owner, planner, created, committed);
    }

    @Override
    public Optional<Segment> move(String bookingId, Transition transition) {
        return bookings.move(bookingId, transition);
    }

    @Override
    public Plan tryPlan(SegmentRequest request, ResourcePlanner planner) throws PlanRefused {
        return bookings.tryPlan(request, planner);
    }

    @Override
    public Optional<Segment> commitHold(String bookingId, Transition committed) {
        return bookings.commitHold(bookingId, committed);
    }

    @Override
    public boolean abortUnheld(String bookingId, SegmentOwner owner, String actor, String reason, Instant at) {
        return bookings.abortUnheld(bookingId, owner, actor, reason, at);
    }

    @Override
    public Optional<UnheldAbort> unheldAbort(String bookingId) {
        return bookings.unheldAbort(bookingId);
    }

    @Override
    public List<Transition> history(String bookingId) {
        return bookings.history(bookingId);
    }

    // ---- calendars (CalendarStore) ----

    @Override
    public void registerResources(List<Resource> resources) {
        calendars.registerResources(resources);
    }

    @Override
    public CalendarSource committedCalendars() {
        return calendars.committedCalendars();
    }

    // ---- maintenance windows (MaintenanceStore) ----

    @Override
    public Optional<MaintenanceWindow> findMaintenance(long id) {
        return maintenance.findMaintenance(id);
    }

    @Override
    public Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift) {
        return maintenance.liftMaintenance(id, lift);
    }

    @Override
    public List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window) {
        return maintenance.maintenance(resourceId, window);
    }

    @Override
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor,
                                            Optional<String> operator, Instant at) {
        return maintenance.addMaintenance(resourceId, interval, reason, actor, operator, at);
    }

    @Override
    public List<String> bookingsDuring(String resourceId, TimeInterval interval) {
        return maintenance.bookingsDuring(resourceId, interval);
    }

    // ---- changes (ChangeStore) ----

    @Override
    public List<Segment> expiredChanges(Instant now) {
        return changes.expiredChanges(now);
    }

    @Override
    public Optional<Segment> commitChange(String bookingId, SegmentChange committed) {
        return changes.commitChange(bookingId, committed);
    }

    @Override
    public Optional<Segment> dropChange(String bookingId, SegmentChange dropped) {
        return changes.dropChange(bookingId, dropped);
    }

    @Override
    public Optional<Segment> holdChange(String bookingId, ResourcePlanner planner, Instant expiresAt,
                                        SegmentChange requested) throws PlanRefused {
        return changes.holdChange(bookingId, planner, expiresAt, requested);
    }

    @Override
    public List<SegmentChange> changes(String bookingId) {
        return changes.changes(bookingId);
    }

    // ---- device log (DeviceLogStore) ----

    @Override
    public void logDevice(String bookingId, List<DeviceLogEntry> entries) {
        deviceLog.logDevice(bookingId, entries);
    }

    @Override
    public List<DeviceLogRecord> deviceLog(String bookingId, int limit) {
        return deviceLog.deviceLog(bookingId, limit);
    }

    @Override
    public List<DeviceLogRecord> deviceLogOwnedBy(SegmentOwner.Bar owner, int limit) {
        return deviceLog.deviceLogOwnedBy(owner, limit);
    }
}
