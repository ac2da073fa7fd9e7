package org.crs.routers.driver.snmp;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.RouterEndpoint;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * Reads an interface's 64-bit octet counters (IF-MIB ifHCInOctets / ifHCOutOctets) over SNMP,
 * for any device profile: the 12000 core routers are configured by CLI but their utilisation
 * is read over SNMP, like the 7600's. Counter64 needs SNMPv2c or v3.
 */
public final class SnmpInterfaceCounters {

    public static final OID IF_HC_IN_OCTETS = new OID("1.3.6.1.2.1.31.1.1.1.6");
    public static final OID IF_HC_OUT_OCTETS = new OID("1.3.6.1.2.1.31.1.1.1.10");
    /** IF-MIB ifInErrors (ifTable, Counter32). */
    public static final OID IF_IN_ERRORS = new OID("1.3.6.1.2.1.2.2.1.14");
    /** IF-MIB ifOutDiscards (ifTable, Counter32). */
    public static final OID IF_OUT_DISCARDS = new OID("1.3.6.1.2.1.2.2.1.19");
    /** SNMPv2-MIB sysUpTime.0: a smaller value than before means the counters restarted. */
    public static final OID SYS_UP_TIME = new OID("1.3.6.1.2.1.1.3.0");

    private final RouterEndpoint router;
    private final SnmpTimeouts timeouts;
    private final DeviceLog log;

    /**
     * @param router the router, with an SNMP port and credentials
     * @param timeouts request timeout and retries
     * @param log receives every request and response
     */
    public SnmpInterfaceCounters(RouterEndpoint router, SnmpTimeouts timeouts, DeviceLog log) {
        this.router = Objects.requireNonNull(router, "router");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** Opens a session, reads the counters of one interface (by its IOS name), and closes it. */
    public InterfaceCounters read(String interfaceName) throws DriverException {
        try (SnmpSession session = SnmpSession.open(router, timeouts, log)) {
            return read(session, interfaceName);
        }
    }

    /** Reads the counters of one interface on an open session. */
    public static InterfaceCounters read(SnmpSession session, String interfaceName) throws DriverException {
        int ifIndex = session.ifIndex(interfaceName);
        List<VariableBinding> values = session.get(List.of(SnmpSession.oid(IF_HC_IN_OCTETS, ifIndex),
                SnmpSession.oid(IF_HC_OUT_OCTETS, ifIndex)));
        Instant readAt = Instant.now();
        return new InterfaceCounters(interfaceName, counter(session, values.get(0)), counter(session, values.get(1)), readAt);
    }

    private static long counter(SnmpSession session, VariableBinding vb) throws DriverException {
        if (!(vb.getVariable() instanceof Counter64 c)) {
            throw new DriverException(session.router().name(), "get " + vb.getOid(),
                    "expected a Counter64, got " + SnmpSession.describe(vb), null);
        }
        // Counter64 is unsigned; the long holds its bits, and InterfaceCounters handles the wrap.
        return c.getValue();
    }
}
