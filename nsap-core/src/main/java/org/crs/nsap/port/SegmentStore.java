package org.crs.nsap.port;

/**
 * Where an NSAP keeps its segments, their resource bookings, their history, its maintenance
 * windows and its device log: every store port in one, as a service is wired with one store.
 * The service owns these interfaces; the JDBC adapters implement them.
 */
public interface SegmentStore extends BookingStore, CalendarStore, MaintenanceStore, ChangeStore, DeviceLogStore {
}
