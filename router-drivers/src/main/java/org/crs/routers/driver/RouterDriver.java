package org.crs.routers.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
     * Sets up several segments, each as {@link #setUp} would, where the protocol allows in one
     * session with one save (the CLI drivers do; others set them up one after the other). Each
     * segment succeeds or fails on its own: a segment that fails is removed again as
     * {@code setUp} removes it, and its exception says whether its part of the router was
     * restored; it never changes what the other segments get.
     *
     * @return one entry per segment, in order: empty when it is set up, else why not
     * @throws DriverException only when no segment could be tried (the router could not be
     *     reached); then nothing was changed
     */
    default List<Optional<DriverException>> setUpAll(List<S> segments) throws DriverException {
        List<Optional<DriverException>> outcomes = new ArrayList<>();
        for (S segment : segments) {
            try {
                setUp(segment);
                outcomes.add(Optional.empty());
            } catch (DriverException e) {
                outcomes.add(Optional.of(e));
            }
        }
        return outcomes;
    }

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
