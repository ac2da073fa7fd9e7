package org.crs.nsap.activation;

import java.time.Duration;

import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.snmp.SnmpSession;
import org.crs.service.monitoring.Health;
import org.crs.service.monitoring.Reachability;
import org.snmp4j.smi.OID;

/**
 * Whether a router of the directory answers, for {@code /health}: a router configured by CLI
 * when its SSH port accepts a connection (no login: a probe leaves no session on the router), a
 * router configured by SNMP when it answers a GET of {@code sysUpTime} within the directory's
 * SNMP timeouts; a router on the dry-run driver is up without a probe (nothing reaches it).
 * No probe changes anything on the router.
 */
public final class RouterProbe {

    /** {@code SNMPv2-MIB::sysUpTime.0}. */
    static final OID SYS_UP_TIME = new OID("1.3.6.1.2.1.1.3.0");

    private final RouterDirectory directory;

    public RouterProbe(RouterDirectory directory) {
        this.directory = directory;
    }

    /** UP when {@code router} answers, DEGRADED otherwise, with what was tried. */
    public Health.Result probe(String router) {
        RouterDirectory.RouterAccess access = directory.access(router);
        RouterEndpoint endpoint = access.endpoint();
        if (access.protocol() == DeviceLogEntry.Protocol.DRY_RUN) {
            return Health.Result.up("driver " + access.driver().name() + ": nothing is sent to the router");
        }
        if (access.protocol() == DeviceLogEntry.Protocol.CLI) {
            return Reachability.tcp(endpoint.host(), endpoint.sshPort(), Reachability.CONNECT_TIMEOUT);
        }
        long t0 = System.nanoTime();
        try (SnmpSession snmp = SnmpSession.open(endpoint, directory.snmpTimeouts(), DeviceLog.NONE)) {
            snmp.get(SYS_UP_TIME);
            return Health.Result.up("SNMP " + endpoint.host() + ":" + endpoint.snmpPort() + " answered sysUpTime in "
                    + Duration.ofNanos(System.nanoTime() - t0).toMillis() + " ms");
        } catch (DriverException e) {
            return new Health.Result(Health.Status.DEGRADED, "SNMP " + endpoint.host() + ":" + endpoint.snmpPort()
                    + " did not answer: " + e.getMessage());
        }
    }
}
