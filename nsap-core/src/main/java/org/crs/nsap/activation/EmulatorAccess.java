package org.crs.nsap.activation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.nsap.activation.RouterDirectory.Profile;
import org.crs.nsap.activation.RouterDirectory.Protocol;
import org.crs.nsap.activation.RouterDirectory.RouterAccess;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SnmpCredentials;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.snmp.SnmpSettings;

/**
 * The one place that reads a {@link RouterEmulator}, kept apart so that {@link RouterDirectory}
 * loads without the (optional) emulator on the class path.
 */
final class EmulatorAccess {

    private EmulatorAccess() {
    }

    static List<RouterAccess> routers(RouterEmulator emulator, Map<String, Protocol> protocolByRouter) {
        Set<String> names = new HashSet<>();
        List<RouterAccess> out = new ArrayList<>();
        for (EmulatedRouter r : emulator.routers()) {
            names.add(r.hostname());
            Protocol protocol = protocolByRouter.getOrDefault(r.hostname(), Protocol.CLI);
            Inventory.Credentials c = r.credentials();
            SnmpCredentials snmp = snmpOf(c.snmp());
            if (protocol == Protocol.SNMP && (r.snmpPort() <= 0 || snmp == null)) {
                throw new IllegalArgumentException("router " + r.hostname()
                        + " has no SNMP agent or no SNMP write access in the emulator's inventory");
            }
            Profile profile = switch (r.profile()) {
                case C7600 -> Profile.C7600;
                case C12000 -> Profile.C12000;
            };
            RouterEndpoint endpoint = new RouterEndpoint(r.hostname(), RouterEmulator.HOST, r.sshPort(),
                    Math.max(0, r.snmpPort()), c.username(), c.password(), c.enableSecret(), snmp);
            out.add(new RouterAccess(endpoint, profile, protocol));
        }
        for (String asked : protocolByRouter.keySet()) {
            if (!names.contains(asked)) {
                throw new IllegalArgumentException("the emulator has no router " + asked + " (have " + names + ")");
            }
        }
        return out;
    }

    /** The first v3 user (authPriv) if any, else the v2c write community, else none. */
    private static SnmpCredentials snmpOf(SnmpSettings s) {
        if (s == null) {
            return null;
        }
        if (!s.v3Users().isEmpty()) {
            SnmpSettings.V3User u = s.v3Users().get(0);
            return SnmpCredentials.v3(u.name(), u.authPassword(), u.privPassword());
        }
        return s.writeCommunity() == null ? null : SnmpCredentials.v2c(s.writeCommunity());
    }
}
