/*
 * Cisco 7600 CLI driver: campus edge VLAN circuits.
 *
 * Devices: Cisco 7600 series (7609 with SUP720/RSP720) on IOS 12.2(33)SR/SX, VTP transparent,
 * as the campus edge router that the L-NSAP drives. Written and tested against the CRS router
 * emulator's 7600 profile, which follows Cisco's configuration guides (see docs/devices.md).
 *
 * Protocol: SSH to the CLI, one line at a time, waiting for the prompt after each, reading
 * every answer for IOS's "%" errors. CLI rather than SNMP because the booked rate is enforced
 * by an ingress policer, and IOS has no writable MIB for QoS policies
 * (CISCO-CLASS-BASED-QOS-MIB is read-only); see Cisco7600SnmpDriver for the SNMP variant.
 *
 * A circuit is a VLAN joining the end-host's access port to a trunk, with an ingress policer on
 * the host port. The trunk is the uplink to the WAN, or a hand-off trunk to another network
 * domain (a circuit booked over NSI): both are pre-provisioned trunks, and the commands are the same. For circuit 42 on VLAN 1234 at 100 Mbit/s, host port
 * GigabitEthernet1/1, trunk TenGigabitEthernet2/1, set-up sends:
 *
 *   configure terminal
 *   vlan 1234
 *    name LP-42
 *    exit
 *   policy-map LP-42-IN
 *    class class-default
 *     police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop
 *     exit
 *    exit
 *   interface GigabitEthernet1/1
 *    description LP-42 host
 *    switchport
 *    switchport mode access
 *    switchport access vlan 1234
 *    service-policy input LP-42-IN
 *    no shutdown
 *    exit
 *   interface TenGigabitEthernet2/1
 *    switchport trunk allowed vlan add 1234
 *    exit
 *   end
 *   write memory
 *
 * (the police burst is CampusSegment.burstBytes(): 250 ms of the rate). Tear-down sends, for
 * what of the segment is on the router:
 *
 *   configure terminal
 *   interface GigabitEthernet1/1
 *    no service-policy input LP-42-IN
 *    no switchport access vlan
 *    no description
 *    shutdown
 *    exit
 *   interface TenGigabitEthernet2/1
 *    switchport trunk allowed vlan remove 1234
 *    exit
 *   no policy-map LP-42-IN
 *   no vlan 1234
 *   end
 *   write memory
 *
 * Host ports are "parked" between circuits: switchport, switchport mode access, shutdown, no
 * description, access VLAN 1, no service-policy. Trunks are pre-provisioned (switchport trunk
 * encapsulation dot1q, switchport mode trunk, an explicit allowed list); the driver only adds
 * and removes its own VLAN on them. Set-up refuses, changing nothing, when the VLAN exists,
 * the host port is not parked or the trunk is not such a trunk.
 *
 * A circuit between two hosts of the router (HostPairSegment) is the same without the trunk:
 * the VLAN, the policy-map, and both host ports configured as the host port above (in the
 * order A then B), each policed at the booked rate by the one policy-map. For circuit 43 on
 * VLAN 1000, ports GigabitEthernet1/1 and GigabitEthernet1/2, set-up sends:
 *
 *   configure terminal
 *   vlan 1000
 *    name LP-43
 *    exit
 *   policy-map LP-43-IN
 *    class class-default
 *     police ...
 *     exit
 *    exit
 *   interface GigabitEthernet1/1
 *    description LP-43 host
 *    switchport
 *    switchport mode access
 *    switchport access vlan 1000
 *    service-policy input LP-43-IN
 *    no shutdown
 *    exit
 *   interface GigabitEthernet1/2
 *    (the same six lines)
 *    exit
 *   end
 *   write memory
 *
 * and tear-down parks both ports, then removes the policy-map and the VLAN. Set-up also
 * refuses when a trunk already allows the VLAN (created, the VLAN would run on that trunk and
 * the circuit would leave the router). A failure on the second port undoes the first.
 *
 * Read-back compares meaning, not text: IOS shows the policer above as "police cir 100000000
 * bc 3125000 be 3125000 conform-action set-dscp-transmit ef exceed-action drop", or as a block
 * with indented action lines (Policer); it compresses unnamed VLANs into ranges
 * ("vlan 2-10,1234": such a VLAN is taken) and wraps long trunk lists onto
 * "switchport trunk allowed vlan add ..." lines (VlanLists).
 */
package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.driver.cli.ConfigElement.Check;

/**
 * Puts campus circuit segments (host port to trunk, or host port to host port) on a Cisco
 * 7600 through its CLI, policer included. See the
 * comment at the top of this file for the exact commands, and {@link AbstractCliDriver} for
 * how set-up is undone when a step fails.
 */
public final class Cisco7600CliDriver extends AbstractCliDriver<CampusSegment> {

    // Set-up, in the order sent (global configuration mode).
    public static final String VLAN = "vlan %d";
    public static final String VLAN_NAME = "name %s";
    public static final String POLICY_MAP = "policy-map %s";
    public static final String CLASS_DEFAULT = "class class-default";
    public static final String POLICE = "police %d %d conform-action set-dscp-transmit 46 exceed-action drop";
    public static final String INTERFACE = "interface %s";
    public static final String DESCRIPTION = "description %s host";
    public static final String SWITCHPORT = "switchport";
    public static final String SWITCHPORT_MODE_ACCESS = "switchport mode access";
    public static final String SWITCHPORT_ACCESS_VLAN = "switchport access vlan %d";
    public static final String SERVICE_POLICY_INPUT = "service-policy input %s";
    public static final String NO_SHUTDOWN = "no shutdown";
    public static final String TRUNK_ALLOWED_VLAN_ADD = "switchport trunk allowed vlan add %d";
    public static final String EXIT = "exit";

    // Tear-down.
    public static final String NO_SERVICE_POLICY_INPUT = "no service-policy input %s";
    public static final String NO_SWITCHPORT_ACCESS_VLAN = "no switchport access vlan";
    public static final String NO_DESCRIPTION = "no description";
    public static final String SHUTDOWN = "shutdown";
    public static final String TRUNK_ALLOWED_VLAN_REMOVE = "switchport trunk allowed vlan remove %d";
    public static final String NO_POLICY_MAP = "no policy-map %s";
    public static final String NO_VLAN = "no vlan %d";

    // Lines read in the running configuration besides the above.
    private static final String SWITCHPORT_MODE_TRUNK = "switchport mode trunk";

    /**
     * @param router how to reach and log in to the router
     * @param timeouts how long to wait at each step
     * @param log receives every command and answer
     */
    public Cisco7600CliDriver(RouterEndpoint router, CliTimeouts timeouts, DeviceLog log) {
        super(router, timeouts, log, CampusSegment.class, "Cisco 7600");
    }

    /** A driver with {@link CliTimeouts#DEFAULTS}. */
    public Cisco7600CliDriver(RouterEndpoint router, DeviceLog log) {
        this(router, CliTimeouts.DEFAULTS, log);
    }

    @Override
    List<ConfigElement> setUpOrder(CampusSegment s) {
        return elements(s);
    }

    private static List<ConfigElement> elements(CampusSegment s) {
        if (s instanceof HostPairSegment p) {
            return List.of(vlan(p), policy(p), hostPort(p, p.hostPortA()), hostPort(p, p.hostPortB()));
        }
        VlanSegment v = (VlanSegment) s;
        return List.of(vlan(v), policy(v), hostPort(v, v.hostPort()), trunk(v));
    }

    @Override
    List<ConfigElement> tearDownOrder(CampusSegment s) {
        return removals(s);
    }

    private static List<ConfigElement> removals(CampusSegment s) {
        if (s instanceof HostPairSegment p) {
            return List.of(hostPort(p, p.hostPortA()), hostPort(p, p.hostPortB()), policy(p), vlan(p));
        }
        VlanSegment v = (VlanSegment) s;
        return List.of(hostPort(v, v.hostPort()), trunk(v), policy(v), vlan(v));
    }

    /** The commands tear-down sends in configuration mode when the whole segment is there, for review and tests. */
    public static List<String> tearDownCommands(CampusSegment s) {
        return tearDownWhenPresent(elements(s), removals(s));
    }

    /** The commands set-up sends in configuration mode, for review and tests. */
    public static List<String> setUpCommands(CampusSegment s) {
        List<String> out = new ArrayList<>();
        for (ConfigElement e : elements(s)) {
            out.addAll(e.setUpCommands());
        }
        return out;
    }

    // --- the elements ------------------------------------------------------------------------

    /** The access ports of a segment: one with a trunk, or the two of a host pair. */
    private static List<String> hostPorts(CampusSegment s) {
        return s instanceof HostPairSegment p ? p.hostPorts() : List.of(((VlanSegment) s).hostPort());
    }

    static ConfigElement vlan(CampusSegment s) {
        String header = f(VLAN, s.vlan());
        String nameLine = f(VLAN_NAME, s.label());
        String name = "vlan " + s.vlan();
        List<String> ownPorts = hostPorts(s).stream().map(port -> f(INTERFACE, port)).toList();
        return new ConfigElement(name,
                cfg -> {
                    Optional<String> block = cfg.vlanHeader(s.vlan());
                    if (block.isEmpty()) {
                        // A VLAN missing from the database but used by a port belongs to someone.
                        String accessLine = f(SWITCHPORT_ACCESS_VLAN, s.vlan());
                        Optional<String> user = cfg.interfaceHeaders().stream()
                                .filter(h -> !ownPorts.contains(h))
                                .filter(h -> cfg.trimmedLines(h).contains(accessLine))
                                .findFirst();
                        if (user.isPresent()) {
                            return Check.taken(name + " is used by " + user.get());
                        }
                        if (s instanceof HostPairSegment) {
                            // Created, the VLAN would also run on any trunk that allows it: the
                            // circuit between the two hosts would leak onto that trunk.
                            Optional<String> trunk = trunkCarrying(cfg, s.vlan());
                            if (trunk.isPresent()) {
                                return Check.taken(name + " is allowed on trunk " + trunk.get().substring(10));
                            }
                        }
                        return Check.free();
                    }
                    // A VLAN inside a range ("vlan 1230-1240") is unnamed, so it is someone else's.
                    if (block.get().equals(header) && cfg.trimmedLines(header).contains(nameLine)) {
                        return Check.present();
                    }
                    return Check.taken(name + " already exists" + vlanOwner(cfg, s).map(n -> " as " + n).orElse(""));
                },
                List.of(header, nameLine, EXIT),
                cfg -> List.of(f(NO_VLAN, s.vlan())));
    }

    /** The first trunk whose allowed VLANs (all, when it has no list) include the VLAN. */
    private static Optional<String> trunkCarrying(RunningConfig cfg, int vlan) {
        return cfg.interfaceHeaders().stream()
                .filter(h -> cfg.trimmedLines(h).contains(SWITCHPORT_MODE_TRUNK))
                .filter(h -> VlanLists.trunkAllowed(cfg.trimmedLines(h)).map(b -> b.get(vlan)).orElse(true))
                .findFirst();
    }

    static ConfigElement policy(CampusSegment s) {
        String header = f(POLICY_MAP, s.policyName());
        Policer wanted = Policer.of(s.rateBps(), s.burstBytes(), "set-dscp-transmit 46", "drop");
        String name = "policy-map " + s.policyName();
        return new ConfigElement(name,
                cfg -> policyCheck(cfg, header, name, wanted),
                List.of(header, CLASS_DEFAULT, f(POLICE, s.rateBps(), s.burstBytes()), EXIT, EXIT),
                cfg -> List.of(f(NO_POLICY_MAP, s.policyName())));
    }

    /**
     * A policy-map named after the circuit: absent is free; {@code class class-default}
     * with a policer that does what {@code wanted} asks (in whatever form IOS shows it, see
     * {@link Policer}) is present; anything else under that name is a partial one.
     */
    static Check policyCheck(RunningConfig cfg, String header, String name, Policer wanted) {
        if (!cfg.has(header)) {
            return Check.free();
        }
        List<String> lines = cfg.trimmedLines(header);
        boolean oneClass = !lines.isEmpty() && lines.get(0).equals(CLASS_DEFAULT)
                && lines.stream().filter(l -> l.startsWith("class ")).count() == 1;
        Optional<Policer> shown = oneClass ? Policer.parse(lines.subList(1, lines.size())) : Optional.empty();
        return shown.filter(p -> p.satisfies(wanted)).isPresent() ? Check.present()
                : Check.partial(name + " exists with other settings: " + String.join(" / ", lines));
    }

    static ConfigElement hostPort(CampusSegment s, String port) {
        String header = f(INTERFACE, port);
        String description = f(DESCRIPTION, s.label());
        String accessVlan = f(SWITCHPORT_ACCESS_VLAN, s.vlan());
        String servicePolicy = f(SERVICE_POLICY_INPUT, s.policyName());
        List<String> expected = List.of(description, SWITCHPORT, SWITCHPORT_MODE_ACCESS, accessVlan, servicePolicy);
        String name = "host port " + port + " on vlan " + s.vlan();
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(header)) {
                        return Check.taken("there is no interface " + port + " on this router");
                    }
                    List<String> lines = cfg.trimmedLines(header);
                    boolean shut = lines.contains(SHUTDOWN);
                    if (lines.containsAll(expected) && !shut) {
                        return Check.present();
                    }
                    if (lines.contains(description) || lines.contains(servicePolicy)) {
                        return Check.partial(name + " is partly configured: " + String.join(" / ", lines));
                    }
                    boolean parked = shut && lines.contains(SWITCHPORT) && lines.contains(SWITCHPORT_MODE_ACCESS)
                            && lines.stream().noneMatch(l -> l.startsWith("description ")
                                    || l.startsWith("switchport access vlan ") || l.startsWith("service-policy "));
                    return parked ? Check.free()
                            : Check.taken("host port " + port + " is not parked: " + String.join(" / ", lines));
                },
                List.of(header, description, SWITCHPORT, SWITCHPORT_MODE_ACCESS, accessVlan, servicePolicy, NO_SHUTDOWN,
                        EXIT),
                cfg -> {
                    List<String> lines = cfg.trimmedLines(header);
                    List<String> out = new ArrayList<>();
                    out.add(header);
                    if (lines.contains(servicePolicy)) {
                        out.add(f(NO_SERVICE_POLICY_INPUT, s.policyName()));
                    }
                    if (lines.contains(accessVlan)) {
                        out.add(NO_SWITCHPORT_ACCESS_VLAN);
                    }
                    if (lines.contains(description)) {
                        out.add(NO_DESCRIPTION);
                    }
                    if (!lines.contains(SHUTDOWN)) {
                        out.add(SHUTDOWN);
                    }
                    out.add(EXIT);
                    return out;
                });
    }

    static ConfigElement trunk(VlanSegment s) {
        String header = f(INTERFACE, s.trunkPort());
        String name = "trunk " + s.trunkPort() + " allows vlan " + s.vlan();
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(header)) {
                        return Check.taken("there is no interface " + s.trunkPort() + " on this router");
                    }
                    List<String> lines = cfg.trimmedLines(header);
                    if (!lines.contains(SWITCHPORT_MODE_TRUNK)) {
                        return Check.taken(s.trunkPort() + " is not a trunk");
                    }
                    Optional<BitSet> allowed = VlanLists.trunkAllowed(lines);
                    if (allowed.isEmpty()) {
                        // With no allowed list IOS carries every VLAN; removing one would turn
                        // "all" into a list of 4000 VLANs. Trunks are provisioned with a list.
                        return Check.taken(s.trunkPort() + " allows all VLANs (no allowed list)");
                    }
                    Optional<String> owner = vlanOwner(cfg, s);
                    if (owner.isPresent() && !owner.get().equals(s.label())) {
                        return Check.taken("vlan " + s.vlan() + " on " + s.trunkPort() + " belongs to " + owner.get());
                    }
                    return allowed.get().get(s.vlan()) ? Check.present() : Check.free();
                },
                List.of(header, f(TRUNK_ALLOWED_VLAN_ADD, s.vlan()), EXIT),
                cfg -> List.of(header, f(TRUNK_ALLOWED_VLAN_REMOVE, s.vlan()), EXIT));
    }

    /** The name of VLAN V in the configuration, when it exists ({@code VLAN1234} when unnamed, in a range or not). */
    private static Optional<String> vlanOwner(RunningConfig cfg, CampusSegment s) {
        Optional<String> block = cfg.vlanHeader(s.vlan());
        if (block.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(cfg.trimmedLines(block.get()).stream()
                .filter(l -> block.get().equals(f(VLAN, s.vlan())))
                .filter(l -> l.startsWith("name "))
                .map(l -> l.substring(5))
                .findFirst()
                .orElse(f("VLAN%04d", s.vlan())));
    }

    private static String f(String template, Object... args) {
        return String.format(Locale.ROOT, template, args);
    }
}
