package org.crs.nsap.port;

import java.util.List;

import org.crs.domain.access.SegmentOwner;
import org.crs.routers.driver.DeviceLogEntry;

/** The device log: every exchange with a router, by the segment it was for. */
public interface DeviceLogStore {

    /** Appends exchanges with routers to the device log. */
    void logDevice(String bookingId, List<DeviceLogEntry> entries);

    /** The device log of a segment (or of all segments when null), oldest first, at most {@code limit} rows. */
    List<DeviceLogRecord> deviceLog(String bookingId, int limit);

    /** The device log of every segment {@code owner} owns, oldest first, at most {@code limit} rows. */
    List<DeviceLogRecord> deviceLogOwnedBy(SegmentOwner.Bar owner, int limit);

    /** One device log row. */
    record DeviceLogRecord(String bookingId, DeviceLogEntry entry) {
    }
}
