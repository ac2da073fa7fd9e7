/*
 * Cisco 12000 CLI driver: WAN core Ethernet-over-MPLS circuits.
 *
 * Devices: Cisco 12000 GSR (12410/12416 with PRP) on IOS 12.0(33)S, as the WAN core router
 * that the NSAP drives. Written and tested against the CRS router emulator's 12000 profile,
 * which follows Cisco's configuration guides (see docs/devices.md).
 *
 * Protocol: SSH to the CLI, one line at a time, waiting for the prompt after each, reading
 * every answer for IOS's "%" errors. CLI because nothing of this (pseudowire classes, TE
 * tunnels, explicit paths, policers) is writable over SNMP on IOS. Utilisation is still read
 * over SNMP where the router allows it (see snmp.SnmpInterfaceCounters).
 *
 * A circuit is a dot1Q subinterface bound to an EoMPLS pseudowire that is pinned to a
 * traffic-engineered tunnel reserving the booked bandwidth along an explicit path, with an
 * ingress policer on the subinterface. For circuit 42 at 100 Mbit/s, VLAN 1234 on
 * GigabitEthernet3/0, peer loopback 10.0.0.9 via 10.0.0.5, set-up sends:
 *
 *   configure terminal
 *   policy-map LP-42-IN
 *    class class-default
 *     police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop
 *     exit
 *    exit
 *   pseudowire-class LP-42
 *    encapsulation mpls
 *    preferred-path interface Tunnel42 disable-fallback
 *    exit
 *   ip explicit-path name LP-42 enable
 *    next-address 10.0.0.5
 *    next-address 10.0.0.9
 *    exit
 *   interface Tunnel42
 *    ip unnumbered Loopback0
 *    tunnel destination 10.0.0.9
 *    tunnel mode mpls traffic-eng
 *    tunnel mpls traffic-eng bandwidth 100000
 *    tunnel mpls traffic-eng path-option 1 explicit name LP-42
 *    exit
 *   interface GigabitEthernet3/0.1234
 *    encapsulation dot1Q 1234
 *    xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42
 *    service-policy input LP-42-IN
 *    exit
 *   end
 *   write memory
 *
 * (TE bandwidth is in kbit/s, the policer in bit/s.) Tear-down sends, for what of the segment
 * is on the router, what refers to a thing before the thing:
 *
 *   configure terminal
 *   no interface GigabitEthernet3/0.1234
 *   no interface Tunnel42
 *   no pseudowire-class LP-42
 *   no policy-map LP-42-IN
 *   no ip explicit-path name LP-42
 *   end
 *   write memory
 *
 * Set-up refuses, changing nothing, when the subinterface, the VLAN tag on the access
 * interface or the tunnel is used by something else.
 *
 * Read-back compares meaning, not text: IOS shows the policer as "police cir R bc B ..." or
 * as a block with indented action lines (Policer), numbers the explicit path's hops
 * ("index 1 next-address 10.0.0.5"), may print the TE bandwidth with two spaces or a pool
 * keyword (IosLines.TeBandwidth) and the xconnect with its keywords in another order
 * (IosLines.Xconnect).
 */
package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.cli.ConfigElement.Check;

/**
 * Puts pseudowire circuit segments on a Cisco 12000 through its CLI. See the comment at the
 * top of this file for the exact commands, and {@link AbstractCliDriver} for how set-up is
 * undone when a step fails.
 */
public final class Cisco12000CliDriver extends AbstractCliDriver<PseudowireSegment> {

    // Set-up, in the order sent (global configuration mode).
    public static final String POLICY_MAP = "policy-map %s";
    public static final String CLASS_DEFAULT = "class class-default";
    public static final String POLICE_CIR = "police cir %d conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop";
    public static final String PSEUDOWIRE_CLASS = "pseudowire-class %s";
    public static final String ENCAPSULATION_MPLS = "encapsulation mpls";
    public static final String PREFERRED_PATH = "preferred-path interface %s disable-fallback";
    public static final String EXPLICIT_PATH = "ip explicit-path name %s enable";
    public static final String NEXT_ADDRESS = "next-address %s";
    public static final String INTERFACE = "interface %s";
    public static final String IP_UNNUMBERED_LOOPBACK0 = "ip unnumbered Loopback0";
    public static final String TUNNEL_DESTINATION = "tunnel destination %s";
    public static final String TUNNEL_MODE_TE = "tunnel mode mpls traffic-eng";
    public static final String TUNNEL_BANDWIDTH = "tunnel mpls traffic-eng bandwidth %d";
    public static final String TUNNEL_PATH_OPTION = "tunnel mpls traffic-eng path-option 1 explicit name %s";
    public static final String ENCAPSULATION_DOT1Q = "encapsulation dot1Q %d";
    public static final String XCONNECT = "xconnect %s %d encapsulation mpls pw-class %s";
    public static final String SERVICE_POLICY_INPUT = "service-policy input %s";
    public static final String EXIT = "exit";

    // Tear-down.
    public static final String NO_INTERFACE = "no interface %s";
    public static final String NO_PSEUDOWIRE_CLASS = "no pseudowire-class %s";
    public static final String NO_POLICY_MAP = "no policy-map %s";
    public static final String NO_EXPLICIT_PATH = "no ip explicit-path name %s";

    /**
     * @param router how to reach and log in to the router
     * @param timeouts how long to wait at each step
     * @param log receives every command and answer
     */
    public Cisco12000CliDriver(RouterEndpoint router, CliTimeouts timeouts, DeviceLog log) {
        super(router, timeouts, log, PseudowireSegment.class, "Cisco 12000");
    }

    /** A driver with {@link CliTimeouts#DEFAULTS}. */
    public Cisco12000CliDriver(RouterEndpoint router, DeviceLog log) {
        this(router, CliTimeouts.DEFAULTS, log);
    }

    @Override
    List<ConfigElement> setUpOrder(PseudowireSegment s) {
        return elements(s);
    }

    @Override
    List<ConfigElement> tearDownOrder(PseudowireSegment s) {
        return removals(s);
    }

    private static List<ConfigElement> elements(PseudowireSegment s) {
        return List.of(policy(s), pseudowireClass(s), explicitPath(s), tunnel(s), subinterface(s));
    }

    private static List<ConfigElement> removals(PseudowireSegment s) {
        return List.of(subinterface(s), tunnel(s), pseudowireClass(s), policy(s), explicitPath(s));
    }

    /** The commands set-up sends in configuration mode, for review and tests. */
    public static List<String> setUpCommands(PseudowireSegment s) {
        List<String> out = new ArrayList<>();
        for (ConfigElement e : elements(s)) {
            out.addAll(e.setUpCommands());
        }
        return out;
    }

    /** The commands tear-down sends in configuration mode when the whole segment is there, for review and tests. */
    public static List<String> tearDownCommands(PseudowireSegment s) {
        return tearDownWhenPresent(elements(s), removals(s));
    }

    // --- the elements ------------------------------------------------------------------------

    static ConfigElement policy(PseudowireSegment s) {
        String header = f(POLICY_MAP, s.policyName());
        // No burst is sent: IOS picks one (and shows it as "bc N"), which any value satisfies.
        Policer wanted = Policer.withoutBurst(s.rateBps(), "set-mpls-exp-topmost-transmit 4", "drop");
        String name = "policy-map " + s.policyName();
        return new ConfigElement(name,
                cfg -> Cisco7600CliDriver.policyCheck(cfg, header, name, wanted),
                List.of(header, CLASS_DEFAULT, f(POLICE_CIR, s.rateBps()), EXIT, EXIT),
                cfg -> List.of(f(NO_POLICY_MAP, s.policyName())));
    }

    static ConfigElement pseudowireClass(PseudowireSegment s) {
        String header = f(PSEUDOWIRE_CLASS, s.label());
        List<String> expected = List.of(ENCAPSULATION_MPLS, f(PREFERRED_PATH, s.tunnel()));
        List<String> setUp = new ArrayList<>(List.of(header));
        setUp.addAll(expected);
        setUp.add(EXIT);
        return named("pseudowire-class " + s.label(), header, expected, setUp, f(NO_PSEUDOWIRE_CLASS, s.label()));
    }

    static ConfigElement explicitPath(PseudowireSegment s) {
        String header = f(EXPLICIT_PATH, s.label());
        List<String> hops = s.explicitPath().stream().map(hop -> f(NEXT_ADDRESS, hop)).toList();
        List<String> setUp = new ArrayList<>(List.of(header));
        setUp.addAll(hops);
        setUp.add(EXIT);
        String name = "ip explicit-path name " + s.label();
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(header)) {
                        // "ip explicit-path name X disable" is the same path, switched off.
                        return cfg.has(f(EXPLICIT_PATH, s.label()).replace(" enable", " disable"))
                                ? Check.partial(name + " exists but is disabled") : Check.free();
                    }
                    // IOS numbers the hops ("index 1 next-address 10.0.0.5"): the hops are compared.
                    List<String> lines = cfg.trimmedLines(header);
                    return IosLines.explicitPathHops(lines).filter(s.explicitPath()::equals).isPresent()
                            ? Check.present()
                            : Check.partial(name + " exists with other settings: " + String.join(" / ", lines));
                },
                setUp,
                cfg -> List.of(f(NO_EXPLICIT_PATH, s.label())));
    }

    /**
     * An element named after the circuit whose lines IOS shows as typed (the
     * pseudowire-class): absent is free, the same lines (spacing aside) are present, anything
     * else under that name is a partial one.
     */
    private static ConfigElement named(String name, String header, List<String> expected, List<String> setUp,
                                       String remove) {
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(header)) {
                        return Check.free();
                    }
                    List<String> lines = cfg.trimmedLines(header);
                    List<String> spaced = lines.stream().map(l -> l.replaceAll("\\s+", " ")).toList();
                    return spaced.equals(expected) ? Check.present()
                            : Check.partial(name + " exists with other settings: " + String.join(" / ", lines));
                },
                setUp,
                cfg -> List.of(remove));
    }

    static ConfigElement tunnel(PseudowireSegment s) {
        String header = f(INTERFACE, s.tunnel());
        String destination = f(TUNNEL_DESTINATION, s.peerLoopback());
        String pathOption = f(TUNNEL_PATH_OPTION, s.label());
        List<String> expected = List.of(IP_UNNUMBERED_LOOPBACK0, destination, TUNNEL_MODE_TE, pathOption);
        IosLines.TeBandwidth bandwidth = new IosLines.TeBandwidth(IosLines.BandwidthPool.GLOBAL,
                s.tunnelBandwidthKbps());
        List<String> setUp = List.of(IP_UNNUMBERED_LOOPBACK0, destination, TUNNEL_MODE_TE,
                f(TUNNEL_BANDWIDTH, s.tunnelBandwidthKbps()), pathOption);
        String name = "interface " + s.tunnel();
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(header)) {
                        return Check.free();
                    }
                    List<String> lines = cfg.trimmedLines(header);
                    // The bandwidth by value: IOS may show "bandwidth  100000" or name the pool.
                    if (lines.containsAll(expected) && !lines.contains("shutdown")
                            && IosLines.TeBandwidth.in(lines).filter(bandwidth::equals).isPresent()) {
                        return Check.present();
                    }
                    // Another destination or path means another circuit's (or a hand-made) tunnel.
                    boolean foreign = lines.stream().anyMatch(l ->
                            (l.startsWith("tunnel destination ") && !l.equals(destination))
                                    || (l.startsWith("tunnel mpls traffic-eng path-option ") && !l.equals(pathOption)));
                    return foreign ? Check.taken(s.tunnel() + " is in use: " + String.join(" / ", lines))
                            : Check.partial(name + " is partly configured: " + String.join(" / ", lines));
                },
                withExit(header, setUp),
                cfg -> List.of(f(NO_INTERFACE, s.tunnel())));
    }

    static ConfigElement subinterface(PseudowireSegment s) {
        String header = f(INTERFACE, s.subinterface());
        String dot1q = f(ENCAPSULATION_DOT1Q, s.vlan());
        String xconnect = f(XCONNECT, s.peerLoopback(), s.circuitId(), s.label());
        String servicePolicy = f(SERVICE_POLICY_INPUT, s.policyName());
        List<String> expected = List.of(dot1q, servicePolicy);
        String name = "subinterface " + s.subinterface();
        return new ConfigElement(name,
                cfg -> {
                    if (!cfg.has(f(INTERFACE, s.accessInterface()))) {
                        return Check.taken("there is no interface " + s.accessInterface() + " on this router");
                    }
                    if (!cfg.has(header)) {
                        // The tag must not be in use on another subinterface of the same port.
                        String prefix = f(INTERFACE, s.accessInterface()) + ".";
                        return cfg.interfaceHeaders().stream()
                                .filter(h -> h.startsWith(prefix))
                                .filter(h -> cfg.trimmedLines(h).contains(dot1q))
                                .findFirst()
                                .map(h -> Check.taken("vlan " + s.vlan() + " is used by " + h))
                                .orElse(Check.free());
                    }
                    List<String> lines = cfg.trimmedLines(header);
                    // The xconnect by value: IOS may space it otherwise or leave out the
                    // encapsulation that the pseudowire-class sets.
                    boolean ownXconnect = lines.stream().map(IosLines.Xconnect::parse).flatMap(Optional::stream)
                            .anyMatch(x -> x.isMplsTo(s.peerLoopback(), s.circuitId(), s.label()));
                    if (lines.containsAll(expected) && ownXconnect && !lines.contains("shutdown")) {
                        return Check.present();
                    }
                    boolean foreign = lines.stream().anyMatch(l ->
                            (l.startsWith("xconnect ") && !ownXconnect)
                                    || (l.startsWith("service-policy input ") && !l.equals(servicePolicy))
                                    || (l.startsWith("encapsulation dot1Q ") && !l.equals(dot1q)));
                    return foreign ? Check.taken(s.subinterface() + " is in use: " + String.join(" / ", lines))
                            : Check.partial(name + " is partly configured: " + String.join(" / ", lines));
                },
                withExit(header, List.of(dot1q, xconnect, servicePolicy)),
                cfg -> List.of(f(NO_INTERFACE, s.subinterface())));
    }

    private static List<String> withExit(String header, List<String> lines) {
        List<String> out = new ArrayList<>();
        out.add(header);
        out.addAll(lines);
        out.add(EXIT);
        return out;
    }

    private static String f(String template, Object... args) {
        return String.format(Locale.ROOT, template, args);
    }
}
