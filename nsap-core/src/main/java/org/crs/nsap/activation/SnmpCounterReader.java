package org.crs.nsap.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.crs.domain.traffic.CounterReading;
import org.crs.nsap.port.CounterReader;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.snmp.SnmpInterfaceCounters;
import org.crs.routers.driver.snmp.SnmpSession;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.VariableBinding;

/**
 * {@link CounterReader} over SNMP (v2c or v3, as the router access file says), whatever
 * protocol configures the router: per interface ifHCInOctets, ifHCOutOctets, ifInErrors and
 * ifOutDiscards, with sysUpTime, in GET requests of up to {@value #INTERFACES_PER_GET}
 * interfaces each (one request for a router with that few circuits).
 *
 * <p>Interface names are turned into ifIndexes by walking ifDescr (IOS's full names), and the indexes kept
 * across cycles per router; a router that restarted (sysUpTime went back) or answers
 * noSuchInstance for a kept index (an interface removed, or made again under a new index) is
 * walked again in the same read. A router on the dry-run driver is not asked: its counters read
 * zero. Nothing of this is written to the device log: polling is not
 * configuration, and every 30 s of it would drown the log.
 */
public final class SnmpCounterReader implements CounterReader {

    /**
     * Interfaces per GET: 4 objects each, 49 varbinds with sysUpTime, an answer of about 1300
     * bytes, under IOS's default SNMP packet size (1500 bytes, {@code snmp-server packetsize}).
     */
    public static final int INTERFACES_PER_GET = 12;

    private final RouterDirectory routers;
    private final Map<String, Map<String, Integer>> indexes = new ConcurrentHashMap<>();
    private final Map<String, Duration> uptimes = new ConcurrentHashMap<>();

    public SnmpCounterReader(RouterDirectory routers) {
        this.routers = Objects.requireNonNull(routers, "routers");
    }

    @Override
    public Map<String, CounterReading> read(String router, Collection<String> interfaces) throws Failed {
        if (!routers.contains(router)) {
            throw new Failed("router " + router + " is not in the router access file", null);
        }
        if (routers.access(router).protocol() == DeviceLogEntry.Protocol.DRY_RUN) {
            // Nothing is sent to a dry-run router, and no traffic passes it: every counter reads zero.
            Map<String, CounterReading> zero = new LinkedHashMap<>();
            Instant now = Instant.now();
            interfaces.forEach(i -> zero.put(i, new CounterReading(0, 0, 0, 0, Duration.ZERO, now)));
            return zero;
        }
        try (SnmpSession session = SnmpSession.open(routers.access(router).endpoint(), routers.snmpTimeouts(), DeviceLog.NONE)) {
            try {
                return readAll(session, router, interfaces, false);
            } catch (StaleIndex e) {
                return readAll(session, router, interfaces, true);
            }
        } catch (DriverException | StaleIndex | RuntimeException e) {
            throw new Failed("router " + router + ": " + e.getMessage(), e);
        }
    }

    /** A kept ifIndex no longer names the interface. */
    private static final class StaleIndex extends Exception {
        private static final long serialVersionUID = 1L;

        StaleIndex(String message) {
            super(message);
        }
    }

    private Map<String, CounterReading> readAll(SnmpSession session, String router, Collection<String> interfaces,
                                                boolean walkAgain) throws DriverException, StaleIndex {
        Map<String, Integer> known = walkAgain ? new ConcurrentHashMap<>()
                : indexes.computeIfAbsent(router, r -> new ConcurrentHashMap<>());
        if (walkAgain) {
            indexes.put(router, known);
        }
        if (!known.keySet().containsAll(interfaces)) {
            // One walk of ifDescr for every name not known yet; a walk that fails fails the read
            // (a timeout must not look like an interface that is gone).
            Map<String, Integer> table = new HashMap<>();
            for (VariableBinding row : session.walk(SnmpSession.IF_DESCR)) {
                table.putIfAbsent(row.getVariable().toString().toLowerCase(Locale.ROOT), row.getOid().last());
            }
            for (String name : interfaces) {
                Integer index = table.get(name.toLowerCase(Locale.ROOT));
                if (index != null) {
                    known.put(name, index);
                }
            }
        }
        Map<String, Integer> wanted = new LinkedHashMap<>();
        for (String name : interfaces) {
            Integer index = known.get(name);
            if (index != null) {
                wanted.put(name, index); // else not on the router (any more): left out of the answer
            }
        }
        Map<String, CounterReading> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(wanted.keySet());
        for (int from = 0; from < names.size(); from += INTERFACES_PER_GET) {
            List<String> chunk = names.subList(from, Math.min(names.size(), from + INTERFACES_PER_GET));
            List<OID> oids = new ArrayList<>(List.of(SnmpInterfaceCounters.SYS_UP_TIME));
            for (String name : chunk) {
                int i = wanted.get(name);
                oids.add(SnmpSession.oid(SnmpInterfaceCounters.IF_HC_IN_OCTETS, i));
                oids.add(SnmpSession.oid(SnmpInterfaceCounters.IF_HC_OUT_OCTETS, i));
                oids.add(SnmpSession.oid(SnmpInterfaceCounters.IF_IN_ERRORS, i));
                oids.add(SnmpSession.oid(SnmpInterfaceCounters.IF_OUT_DISCARDS, i));
            }
            List<VariableBinding> values = session.get(oids);
            Instant readAt = Instant.now();
            if (!(values.get(0).getVariable() instanceof TimeTicks ticks)) {
                throw new DriverException(router, "get sysUpTime", "not TimeTicks: " + values.get(0), null);
            }
            Duration uptime = Duration.ofMillis(ticks.toMilliseconds());
            Duration before = uptimes.put(router, uptime);
            if (!walkAgain && before != null && uptime.compareTo(before) < 0) {
                throw new StaleIndex("restarted"); // indexes may have changed with the restart
            }
            for (int k = 0; k < chunk.size(); k++) {
                int at = 1 + 4 * k;
                if (!(values.get(at).getVariable() instanceof Counter64 in)
                        || !(values.get(at + 1).getVariable() instanceof Counter64 outOctets)
                        || !(values.get(at + 2).getVariable() instanceof Counter32 errors)
                        || !(values.get(at + 3).getVariable() instanceof Counter32 discards)) {
                    if (!walkAgain) {
                        throw new StaleIndex(chunk.get(k) + " no longer at ifIndex " + wanted.get(chunk.get(k)));
                    }
                    continue;
                }
                out.put(chunk.get(k), new CounterReading(in.getValue(), outOctets.getValue(), errors.getValue(),
                        discards.getValue(), uptime, readAt));
            }
        }
        return out;
    }
}
