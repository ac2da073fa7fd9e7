package org.crs.routers.emulator;

import java.io.IOException;
import java.time.Clock;

import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.TrafficLoad;
import org.crs.routers.emulator.snmp.SnmpAgent;
import org.crs.routers.emulator.ssh.SshFrontEnd;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.sessions.Session;
import org.crs.routers.emulator.sessions.SessionLog;
import java.util.List;

/**
 * One running emulated router: its device model, its SSH server and its SNMP agent on
 * 127.0.0.1, and its fault switches. The device model is the truth a test inspects.
 */
public final class EmulatedRouter implements AutoCloseable {

    private final Device device;
    private final Faults faults = new Faults();
    // Real time, whatever clock drives the device: overlap is a matter of wall-clock instants.
    private final SessionLog sessions = new SessionLog(Clock.systemUTC());
    private final Inventory.Credentials credentials;
    private final SshFrontEnd ssh;
    private final SnmpAgent snmp;
    private final int sshPort;
    private final int snmpPort;

    /**
     * @param state the router's state file, or null to keep no state: a router whose file
     *     exists comes back from it rather than from the inventory's boot configuration
     */
    EmulatedRouter(Inventory.Router spec, Inventory.Credentials credentials, String host, Clock clock,
                   RouterStateFile state) throws IOException {
        this.credentials = credentials;
        Profile profile = Inventory.profileOf(spec);
        device = new Device(spec.hostname(), profile, spec.loopback(), clock);
        device.setConfigStyle(Inventory.configStyleOf(spec));
        for (InterfaceName port : Inventory.interfacesOf(spec)) {
            device.addInterface(port, Inventory.speedOf(port));
        }
        device.setTrafficLoad(Inventory.trafficOf(spec));
        Inventory.portLoadsOf(spec).forEach(device::setTrafficLoad);
        if (state != null && state.exists()) {
            state.restore(device, credentials.enableSecret());
        } else {
            boot(spec.config());
        }
        // After boot: the boot configuration is read at once, as a router reads it before it answers.
        device.pace(Inventory.paceOf(spec));
        if (state != null) {
            synchronized (device) {
                state.saveIfChanged(device);
                device.afterEachStep(() -> state.saveIfChanged(device));
            }
        }

        ssh = new SshFrontEnd(device, new SshFrontEnd.Login(credentials.username(), credentials.password(),
                credentials.enableSecret(), credentials.privilege()), faults, sessions);
        sshPort = ssh.start(host, spec.sshPort() == null ? 0 : spec.sshPort());
        boolean snmpOn = spec.snmpPort() == null || spec.snmpPort() >= 0;
        if (snmpOn && credentials.snmp() != null) {
            snmp = new SnmpAgent(device, credentials.snmp(), faults, sessions);
            snmpPort = snmp.start(host, spec.snmpPort() == null ? 0 : spec.snmpPort());
        } else {
            snmp = null;
            snmpPort = -1;
        }
    }

    // The boot configuration goes through the same interpreter as an operator's typing, so
    // an inventory cannot describe a state the CLI could not produce.
    private void boot(String config) {
        IosSession console = new IosSession(device, credentials.enableSecret(), true);
        console.execute("configure terminal");
        if (config != null) {
            int n = 0;
            for (String line : config.split("\n")) {
                n++;
                String answer = console.execute(line).text();
                if (answer.contains("%") || answer.startsWith("Command rejected")) {
                    throw new IllegalArgumentException("router " + device.hostname() + ": boot config line " + n
                            + " '" + line.strip() + "' was refused:\n" + answer);
                }
            }
        }
        console.execute("end");
        synchronized (device) {
            device.saveConfig();
        }
    }

    public String hostname() {
        return device.hostname();
    }

    public Profile profile() {
        return device.profile();
    }

    /** The SSH port on 127.0.0.1. */
    public int sshPort() {
        return sshPort;
    }

    /** The SNMP UDP port on 127.0.0.1, or -1 when this router has no SNMP agent. */
    public int snmpPort() {
        return snmpPort;
    }

    /** The router's credentials as the inventory gives them, for tests and the demo. */
    public Inventory.Credentials credentials() {
        return credentials;
    }

    /** The device model; hold its monitor while reading or changing it. */
    public Device device() {
        return device;
    }

    public Faults faults() {
        return faults;
    }

    /**
     * Changes, from now on, what this router's circuits carry while up (those without a load
     * of their own): idle, a share of the policed rate, bursts, errors and discards. What the
     * counters hold so far stays, counted at the load before.
     */
    public void setTrafficLoad(TrafficLoad load) {
        synchronized (device) {
            device.setTrafficLoad(load);
        }
    }

    /**
     * Sets a port's octet counters (both directions) to {@code octets}, as after a long uptime:
     * a negative value is an unsigned one above 2^63, so {@code -1000} wraps after 1000 more
     * octets. Counting up to now happens first, at the load before.
     */
    public void presetOctets(String port, long octets) {
        synchronized (device) {
            device.advanceTraffic();
            device.interfaceNamed(port).orElseThrow(() -> new IllegalArgumentException("no interface " + port))
                    .presetOctets(octets);
        }
    }

    /**
     * Changes, from now on, what the circuit on one port carries (a subinterface, or a port for
     * all its subinterfaces, named as IOS does in full); null: back to the router's load.
     */
    public void setTrafficLoad(String port, TrafficLoad load) {
        InterfaceName name = InterfaceName.parse(port);
        synchronized (device) {
            device.setTrafficLoad(name, load);
        }
    }

    /**
     * Every SSH session (shell start to end) and SNMP SET request this router has seen since it
     * started, in the order they began, each with its id. Sessions of the boot configuration
     * are not in it.
     */
    public List<Session> sessions() {
        return sessions.sessions();
    }

    /** {@code show running-config}, read atomically. */
    public String runningConfig() {
        synchronized (device) {
            return device.runningConfig();
        }
    }

    /** {@code show startup-config}: what {@code write memory} last saved. */
    public String startupConfig() {
        synchronized (device) {
            return device.startupConfig();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            ssh.close();
        } finally {
            if (snmp != null) {
                snmp.close();
            }
        }
    }
}
