package org.crs.bar.port;

import java.util.Optional;

/**
 * The NSI connections this BAR requested from other networks' providers, by the booking id of
 * the FAR_NETWORK segment each books, kept so that a restarted BAR finds the provider's
 * connection id again. Written as soon as the provider names it (its reserveResponse), before
 * its result arrives.
 */
public interface FarConnections {

    /**
     * Keeps that {@code bookingId} is connection {@code connectionId} at the provider
     * {@code providerNsa}; the same again changes nothing.
     *
     * @throws IllegalStateException when the booking id names another connection already
     */
    void remember(String bookingId, String providerNsa, String connectionId);

    /** The connection id at its provider of the segment booked under {@code bookingId}. */
    Optional<String> connectionOf(String bookingId);

    /** The booking id of connection {@code connectionId} at provider {@code providerNsa}. */
    Optional<String> bookingOf(String providerNsa, String connectionId);
}
