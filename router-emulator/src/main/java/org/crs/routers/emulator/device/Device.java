package org.crs.routers.emulator.device;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The state of one emulated router: its interfaces, VLAN database, QoS policies, pseudowire
 * classes and explicit paths, its saved (startup) configuration, and its traffic counters.
 * The CLI and the SNMP agent of a router share one {@code Device}, so a change made through
 * one is seen through the other.
 *
 * <p>Every read or change must hold the device's monitor ({@code synchronized (device)}):
 * one CLI line or one SNMP request is one atomic step, as on a real router.
 */
public final class Device {

    /** Packet size assumed when deriving packet counters from octet counters. */
    private static final int PACKET_BYTES = 1500;

    private final String hostname;
    private final Profile profile;
    private final String loopbackAddress;
    private final Clock clock;

    private final TreeMap<InterfaceName, Interface> interfaces = new TreeMap<>();
    private final TreeMap<Integer, Vlan> vlans = new TreeMap<>();
    private final Map<String, PolicyMap> policyMaps = new LinkedHashMap<>();
    private final Map<String, PseudowireClass> pseudowireClasses = new LinkedHashMap<>();
    private final Map<String, ExplicitPath> explicitPaths = new LinkedHashMap<>();
    private final VtpEditBuffer vtpEditBuffer = new VtpEditBuffer();
    private final Instant bootedAt;

    private ConfigStyle configStyle = ConfigStyle.LITERAL;
    private Instant lastChangedAt;
    private String lastLiteralConfig;
    private Instant savedAt;
    private int saves;
    private long configReadings;

    private int nextIfIndex = 1;
    private String startupConfig = "";
    private Instant trafficCountedAt;
    private Runnable afterStep = () -> { };
    private TrafficLoad routerLoad = TrafficLoad.FULL;
    private final Map<InterfaceName, TrafficLoad> portLoads = new TreeMap<>();
    // The router's pace and the one route processor its steps queue for (fair: first come, first served).
    private volatile Pace pace = Pace.NONE;
    private final ReentrantLock processor = new ReentrantLock(true);

    /**
     * @param hostname the router's hostname, shown in its prompt
     * @param profile 7600 or 12000
     * @param loopbackAddress the address of Loopback0 (the router id), e.g. {@code 10.0.0.1}
     * @param clock the clock that drives uptime and traffic counters
     */
    public Device(String hostname, Profile profile, String loopbackAddress, Clock clock) {
        this.hostname = hostname;
        this.profile = profile;
        this.loopbackAddress = loopbackAddress;
        this.clock = clock;
        this.bootedAt = clock.instant();
        this.trafficCountedAt = bootedAt;
        this.lastChangedAt = bootedAt;
        if (profile == Profile.C7600) {
            vlans.put(1, new Vlan(1, "default", true));
            vlans.put(1002, new Vlan(1002, "fddi-default", true));
            vlans.put(1003, new Vlan(1003, "token-ring-default", true));
            vlans.put(1004, new Vlan(1004, "fddinet-default", true));
            vlans.put(1005, new Vlan(1005, "trnet-default", true));
        }
        Interface loopback = addInterface(new InterfaceName("Loopback", "0"), 8_000_000_000L);
        loopback.setIpAddress(loopbackAddress + " 255.255.255.255");
    }

    public String hostname() {
        return hostname;
    }

    public Profile profile() {
        return profile;
    }

    public String loopbackAddress() {
        return loopbackAddress;
    }

    public Clock clock() {
        return clock;
    }

    /** Time since boot, for sysUpTime and {@code show version}. */
    public Duration uptime() {
        return Duration.between(bootedAt, clock.instant());
    }

    /** Adds a port of the chassis or creates a logical interface; returns the existing one if present. */
    public Interface addInterface(InterfaceName name, long speedBps) {
        return interfaces.computeIfAbsent(name, n -> new Interface(n, nextIfIndex++, speedBps));
    }

    /**
     * Creates a logical interface (Tunnel, Vlan, Loopback or a subinterface of an existing
     * port), as {@code interface X} does in configuration mode.
     */
    public Interface createLogicalInterface(InterfaceName name) {
        long speed = name.isSubinterface()
                ? interfaceNamed(name.parent()).map(Interface::speedBps).orElse(1_000_000_000L)
                : name.type().equals("Tunnel") ? 9_000L : 1_000_000_000L;
        return addInterface(name, speed);
    }

    public Optional<Interface> interfaceNamed(InterfaceName name) {
        return Optional.ofNullable(interfaces.get(name));
    }

    public Optional<Interface> interfaceNamed(String name) {
        try {
            return interfaceNamed(InterfaceName.parse(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public Optional<Interface> interfaceByIndex(int ifIndex) {
        return interfaces.values().stream().filter(i -> i.ifIndex() == ifIndex).findFirst();
    }

    /** Every interface in running-config order. */
    public Iterable<Interface> interfaces() {
        return interfaces.values();
    }

    /** Removes a logical interface and, for a port, its subinterfaces. */
    public void removeInterface(InterfaceName name) {
        interfaces.remove(name);
    }

    public TreeMap<Integer, Vlan> vlans() {
        return vlans;
    }

    /** The CISCO-VTP-MIB edit buffer through which SNMP managers create and delete VLANs. */
    public VtpEditBuffer vtpEditBuffer() {
        return vtpEditBuffer;
    }

    public Map<String, PolicyMap> policyMaps() {
        return policyMaps;
    }

    public Map<String, PseudowireClass> pseudowireClasses() {
        return pseudowireClasses;
    }

    public Map<String, ExplicitPath> explicitPaths() {
        return explicitPaths;
    }

    /** The first interface whose input or output service-policy is the named policy-map. */
    public Optional<Interface> interfaceUsingPolicy(String policyName) {
        return interfaces.values().stream()
                .filter(i -> policyName.equals(i.servicePolicyInput()) || policyName.equals(i.servicePolicyOutput()))
                .findFirst();
    }

    /** The configuration saved by {@code write memory}, as {@code show startup-config} prints it. */
    public String startupConfig() {
        return startupConfig;
    }

    /** {@code write memory}: the running configuration becomes the startup configuration. */
    public void saveConfig() {
        savedAt = clock.instant();
        saves++;
        startupConfig = RunningConfig.render(this);
    }

    /** The pace at which this router takes configuration steps ({@link Pace#NONE} unless set). */
    public Pace pace() {
        return pace;
    }

    /** Sets the pace; set after boot, so the boot configuration is read at once. */
    public void pace(Pace pace) {
        this.pace = Objects.requireNonNull(pace, "pace");
    }

    /**
     * Spends {@code time} as the router's one route processor would: steps of every session
     * queue for it, one at a time. Call it without holding the device's monitor, so reads and
     * other routers are not held up; an interrupt ends the wait early and is kept.
     */
    public void takeTime(Duration time) {
        if (time.isZero()) {
            return;
        }
        processor.lock();
        try {
            Thread.sleep(time.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            processor.unlock();
        }
    }

    /** How {@code show running-config} shows the configuration; {@link ConfigStyle#LITERAL} unless set. */
    public ConfigStyle configStyle() {
        return configStyle;
    }

    public void setConfigStyle(ConfigStyle configStyle) {
        this.configStyle = java.util.Objects.requireNonNull(configStyle, "configStyle");
    }

    /** When the running configuration last changed (boot, until a step changes it). */
    public Instant lastChangedAt() {
        return lastChangedAt;
    }

    /** When {@code write memory} (or its SNMP form) last saved the configuration, if ever. */
    public Optional<Instant> savedAt() {
        return Optional.ofNullable(savedAt);
    }

    /** How many times the configuration was saved since boot; read it holding the device's monitor. */
    public int saves() {
        return saves;
    }

    /**
     * The {@code ntp clock-period} the running configuration shows: NTP rewrites it as it
     * disciplines the clock, so it moves by itself, here a little at every reading.
     */
    long ntpClockPeriod() {
        configReadings++;
        return 17_179_869L + (configReadings % 7) - 3;
    }

    /** Puts back a startup configuration saved earlier, to undo a save that must not stand. */
    public void restoreStartupConfig(String saved) {
        startupConfig = saved;
    }

    /**
     * Sets what runs at the end of each step that may have changed this device (one CLI line,
     * one SNMP set request), still holding the device's monitor and before the answer goes
     * out: a router with a state folder saves its state there.
     */
    public void afterEachStep(Runnable action) {
        afterStep = action;
    }

    /** Called by the CLI and the SNMP agent when a step ends, holding the device's monitor. */
    public void stepEnded() {
        if (configStyle != ConfigStyle.LITERAL) {
            // "! Last configuration change at" moves only when the configuration did.
            String literal = RunningConfig.render(this, ConfigStyle.LITERAL);
            if (lastLiteralConfig != null && !literal.equals(lastLiteralConfig)) {
                lastChangedAt = clock.instant();
            }
            lastLiteralConfig = literal;
        }
        afterStep.run();
    }

    /** The running configuration, as {@code show running-config} prints it. */
    public String runningConfig() {
        return RunningConfig.render(this);
    }

    /**
     * Brings the traffic counters up to now. The end-hosts of each circuit offer traffic in
     * both directions at the circuit's load ({@link #trafficLoad}) of its rate: line rate cut
     * by the ingress policer and, for a pseudowire, by its tunnel's TE bandwidth. Counters
     * therefore advance at the policed rate (times the load) while a circuit is up, computed
     * from the time elapsed: any read, whenever it comes, sees exact counters.
     */
    public void advanceTraffic() {
        Instant now = clock.instant();
        Duration from = Duration.between(bootedAt, trafficCountedAt);
        Duration to = Duration.between(bootedAt, now);
        double seconds = to.minus(from).toNanos() / 1e9;
        trafficCountedAt = now;
        if (seconds <= 0) {
            return;
        }
        for (Interface port : interfaces.values()) {
            long rate = circuitRateBps(port);
            if (rate <= 0) {
                continue;
            }
            TrafficLoad load = trafficLoad(port.name());
            double bytes = rate / 8.0 * load.fraction() * load.sendingSeconds(from, to);
            double errors = load.errorsPerSecond() * seconds;
            double discards = load.discardsPerSecond() * seconds;
            port.count(bytes, errors, discards, PACKET_BYTES);
            for (Interface carrier : carriersOf(port)) {
                carrier.count(bytes, errors, discards, PACKET_BYTES);
            }
        }
    }

    /**
     * The load of the circuit on this port: the port's own, else its parent port's (for a
     * subinterface), else the router's, else {@link TrafficLoad#FULL}.
     */
    public TrafficLoad trafficLoad(InterfaceName port) {
        TrafficLoad own = portLoads.get(port);
        if (own == null && port.isSubinterface()) {
            own = portLoads.get(port.parent());
        }
        return own != null ? own : routerLoad;
    }

    /** Sets the load of every circuit on this router without a load of its own; counters so far keep the old load. */
    public void setTrafficLoad(TrafficLoad load) {
        advanceTraffic();
        routerLoad = java.util.Objects.requireNonNull(load, "load");
    }

    /**
     * Sets the load of the circuit on one port (a subinterface, or a port whose subinterfaces
     * it covers); null goes back to the router's. Counters so far keep the old load.
     */
    public void setTrafficLoad(InterfaceName port, TrafficLoad load) {
        advanceTraffic();
        if (load == null) {
            portLoads.remove(port);
        } else {
            portLoads.put(port, load);
        }
    }

    /** The rate at which a circuit's host-facing port carries traffic now, or 0 when it carries no circuit. */
    public long circuitRateBps(Interface port) {
        if (port.shutdown()) {
            return 0;
        }
        boolean carries;
        if (port.name().isSubinterface()) {
            Optional<Interface> parent = interfaceNamed(port.name().parent());
            carries = port.dot1q() != null && port.xconnect() != null && parent.isPresent() && !parent.get().shutdown();
        } else {
            carries = port.switchport() && port.switchportMode() == Interface.SwitchportMode.ACCESS
                    && port.accessVlan() != 1 && vlans.containsKey(port.accessVlan());
        }
        if (!carries) {
            return 0;
        }
        long rate = port.speedBps();
        PolicyMap policy = port.servicePolicyInput() == null ? null : policyMaps.get(port.servicePolicyInput());
        if (policy != null && policy.policedRateBps() > 0) {
            rate = Math.min(rate, policy.policedRateBps());
        }
        Optional<Interface> tunnel = tunnelOf(port);
        if (tunnel.isPresent() && tunnel.get().teBandwidthKbps() > 0) {
            rate = Math.min(rate, tunnel.get().teBandwidthKbps() * 1000);
        }
        return rate;
    }

    // The TE tunnel a pseudowire is pinned to by its pw-class's preferred path, if any.
    private Optional<Interface> tunnelOf(Interface port) {
        if (port.xconnect() == null || port.xconnect().pwClass() == null) {
            return Optional.empty();
        }
        PseudowireClass pwClass = pseudowireClasses.get(port.xconnect().pwClass());
        if (pwClass == null || pwClass.preferredPath() == null) {
            return Optional.empty();
        }
        return interfaceNamed(pwClass.preferredPath()).filter(t -> !t.shutdown());
    }

    // The interfaces a circuit's traffic also crosses: the parent port of a subinterface and
    // the TE tunnel its pseudowire is pinned to, or the trunk that carries an access port's VLAN.
    private Iterable<Interface> carriersOf(Interface port) {
        if (port.name().isSubinterface()) {
            java.util.List<Interface> out = new java.util.ArrayList<>(interfaceNamed(port.name().parent()).stream().toList());
            tunnelOf(port).ifPresent(out::add);
            return out;
        }
        int vlan = port.accessVlan();
        return interfaces.values().stream()
                .filter(i -> i.switchport() && i.switchportMode() == Interface.SwitchportMode.TRUNK && !i.shutdown())
                .filter(i -> {
                    BitSet allowed = i.trunkAllowed();
                    return allowed != null && allowed.get(vlan);
                })
                .limit(1)
                .toList();
    }
}
