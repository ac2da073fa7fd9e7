package org.crs.routers.driver;

/**
 * What the NSAP services ask of one router: put one circuit segment on it, take it off,
 * say whether it is there, and read the traffic counters of an interface.
 *
 * <p>Every call opens its own session to the router and closes it before returning, so a
 * driver holds no connection between calls and may be used from several threads. Every
 * command sent and every answer received is reported to the {@link DeviceLog} given to the
 * driver when it was made.
 *
 * <p>Set-up is all or nothing: when any step fails, the driver undoes the steps it already
 * applied and verifies that the router is back in its pre-set-up configuration. The
 * {@link DriverException} then says which step failed, why, and whether the router was
 * restored ({@link DriverException#restored()}) or what was left on it.
 *
 * @param <S> the kind of segment this driver's device profile carries
 */
public interface RouterDriver<S extends CircuitSegment> {

    /** The router this driver talks to. */
    RouterEndpoint router();

    /**
     * Configures the segment on the router, saves the configuration, and verifies it by
     * reading the configuration back. (A driver whose protocol cannot do all of this says so in
     * its own documentation: the SNMP driver of the 7600 does not police.)
     *
     * <p>Calling it again for a segment that is already fully present changes nothing.
     *
     * @throws DriverException if the router refused a step, did not answer in time, or the
     *     read-back did not show the segment; the router has been restored where possible
     */
    void setUp(S segment) throws DriverException;

    /**
     * Removes the segment from the router and saves the configuration. Removing a segment
     * that is absent, or only partly present, removes what is there and succeeds.
     *
     * @throws DriverException if the router refused a step or did not answer in time
     */
    void tearDown(S segment) throws DriverException;

    /** Reads the router's configuration and says how much of the segment is on it. */
    SegmentState readState(S segment) throws DriverException;

    /** Reads the 64-bit octet counters of one interface. */
    InterfaceCounters readCounters(String interfaceName) throws DriverException;
}
