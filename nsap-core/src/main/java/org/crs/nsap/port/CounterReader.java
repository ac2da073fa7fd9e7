package org.crs.nsap.port;

import java.util.Collection;
import java.util.Map;

import org.crs.domain.traffic.CounterReading;

/** Reads the traffic counters of interfaces of one router (the SNMP adapter: {@code SnmpCounterReader}). */
public interface CounterReader {

    /**
     * The counters of the named interfaces of {@code router}, by interface name; an interface the
     * router does not have is left out.
     *
     * @throws Failed when the router cannot be read at all
     */
    Map<String, CounterReading> read(String router, Collection<String> interfaces) throws Failed;

    /** A router that could not be read: unreachable, refusing, or answering nonsense. */
    final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        public Failed(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
