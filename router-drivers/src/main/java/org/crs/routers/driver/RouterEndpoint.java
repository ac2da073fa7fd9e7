package org.crs.routers.driver;

import java.util.Objects;

/**
 * How to reach one router and log in to it. The secrets are kept out of {@link #toString()}
 * so that an endpoint can be logged or put in an exception message safely.
 *
 * @param name the router's name in the inventory, used in logs and errors
 * @param host the management address
 * @param sshPort the SSH port for the CLI, or 0 when the router is not driven by CLI
 * @param snmpPort the SNMP port, or 0 when the router is not driven by SNMP
 * @param username the CLI login name
 * @param password the CLI login password
 * @param enableSecret the enable secret
 * @param snmp the SNMP credentials, or null when the router is not driven by SNMP
 */
public record RouterEndpoint(String name, String host, int sshPort, int snmpPort,
                             String username, String password, String enableSecret,
                             SnmpCredentials snmp) {

    public RouterEndpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
    }

    @Override
    public String toString() {
        return name + "@" + host + (sshPort > 0 ? " ssh:" + sshPort : "") + (snmpPort > 0 ? " snmp:" + snmpPort : "");
    }
}
