package org.crs.routers.driver;

import java.time.Instant;

/**
 * One exchange with a router.
 *
 * @param router the router's inventory name
 * @param protocol how the exchange went over the wire; {@link Protocol#DRY_RUN} when it never
 *     did: the dry-run driver's record of what it would have sent
 * @param request the command line sent, or the SNMP operation with its OIDs and values
 * @param response the router's answer, without the echoed command and the prompt
 * @param outcome whether the router accepted it
 * @param at when the request was sent
 * @param elapsedMillis how long the answer took
 */
public record DeviceLogEntry(String router, Protocol protocol, String request, String response,
                             Outcome outcome, Instant at, long elapsedMillis) {

    public enum Protocol {
        /** A command line over SSH. */
        CLI,
        /** An SNMP request. */
        SNMP,
        /** Nothing was sent: the dry-run driver recorded what a driver would send. */
        DRY_RUN
    }

    public enum Outcome {
        /** The router accepted the request. */
        OK,
        /** The router answered with an error. */
        ERROR,
        /** The router did not answer in time. */
        TIMEOUT,
        /** The connection failed or was dropped. */
        DISCONNECTED
    }
}
