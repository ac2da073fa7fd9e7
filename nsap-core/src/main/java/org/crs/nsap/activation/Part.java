package org.crs.nsap.activation;

import java.util.function.Function;

import org.crs.nsap.port.RouterRepair;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.SegmentState;

/**
 * One router part of a segment bound to its driver, its router layer segment and its own device
 * log, with what the activator's work on it came to.
 */
final class Part<S extends CircuitSegment> {

    /** How far the work on a part went. */
    enum Outcome { NOT_STARTED, DONE, FAILED }

    final String router;
    final RouterDriver<S> driver;
    final S segment;
    final Bag<DeviceLogEntry> log;
    /** The same router's driver writing to another log: for a batch of several segments' parts. */
    final Function<DeviceLog, RouterDriver<S>> rebind;
    /** The segment's booking id, for the device log of a batch. */
    final String bookingId;
    // Written by the router task, read by the caller after the task's future completed.
    volatile Outcome outcome = Outcome.NOT_STARTED;
    volatile Throwable failure;
    volatile SegmentState finalState;
    volatile String found;
    volatile RouterRepair.Action repair;

    Part(String router, Function<DeviceLog, RouterDriver<S>> bind, S segment, Bag<DeviceLogEntry> log,
         String bookingId) {
        this.router = router;
        this.rebind = bind;
        this.driver = bind.apply(log::add);
        this.segment = segment;
        this.log = log;
        this.bookingId = bookingId;
    }

    void setUp() throws DriverException {
        driver.setUp(segment);
    }

    void tearDown() throws DriverException {
        driver.tearDown(segment);
    }

    SegmentState readState() throws DriverException {
        return driver.readState(segment);
    }

    /** The failed step and the router's answer, or the unexpected exception. */
    static String describe(Throwable t) {
        if (t instanceof DriverException d) {
            String answer = d.deviceAnswer() == null ? "" : d.deviceAnswer().strip();
            return "'" + d.step() + "' failed: " + answer;
        }
        return "unexpected " + t;
    }
}
