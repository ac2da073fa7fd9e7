package org.crs.routers.driver;

/**
 * Receives every exchange a driver has with a router, so that a service can keep a device
 * log of which command went to which router, what it answered, and when. Secrets never
 * reach it: a password sent to a router is recorded as {@code <secret>}.
 *
 * <p>Implementations must be thread-safe and quick; a driver calls them inline.
 */
@FunctionalInterface
public interface DeviceLog {

    void record(DeviceLogEntry entry);

    /** A log that drops everything, for callers that keep no device log. */
    DeviceLog NONE = entry -> { };
}
