package org.crs.routers.emulator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.routers.emulator.device.ConfigStyle;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Pace;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.TrafficLoad;
import org.crs.routers.emulator.snmp.SnmpSettings;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * The routers to emulate, read from a YAML file: each router's hostname, profile, ports,
 * credentials, chassis interfaces and the configuration it boots with. Values missing on a
 * router are taken from {@code defaults}. See docs/router-emulator.md for the format.
 *
 * @param defaults credentials shared by every router unless a router sets its own
 * @param routers the routers
 */
public record Inventory(Credentials defaults, List<Router> routers) {

    /**
     * Login and SNMP credentials.
     *
     * @param username CLI login name
     * @param password CLI login password
     * @param enableSecret the secret {@code enable} asks for
     * @param privilege 1 to log in to user EXEC mode (enable needed), 15 for privileged mode
     * @param snmp SNMP communities and v3 users
     */
    public record Credentials(String username, String password, String enableSecret, Integer privilege,
                              SnmpSettings snmp) {
        @Override
        public String toString() {
            return "Credentials[" + username + "]";
        }
    }

    /**
     * One router.
     *
     * @param hostname the hostname, shown in prompts and sysName; unique in the inventory
     * @param profile {@code 7600} or {@code 12000}
     * @param loopback the Loopback0 address (router id)
     * @param sshPort SSH port on 127.0.0.1, 0 for any free port
     * @param snmpPort SNMP UDP port on 127.0.0.1, 0 for any free port, -1 for no SNMP agent
     * @param credentials this router's credentials, overriding the defaults field by field
     * @param interfaces the chassis ports, ranges allowed: {@code GigabitEthernet1/1-48}
     * @param config configuration lines applied at boot, as typed in configuration mode
     * @param configStyle how {@code show running-config} shows the configuration:
     *     {@code literal} (the default), {@code normalised} or {@code multiline}; see
     *     {@link ConfigStyle}
     * @param traffic what this router's circuits carry while up; absent: each at its full policed rate
     * @param pace how fast the router takes configuration lines and saves: a name
     *     ({@code none}, {@code loaded-7600}, {@code loaded-12000}) or {@code {line: 30ms, save: 3s}};
     *     absent means none (see {@link Pace})
     */
    public record Router(String hostname, String profile, String loopback, Integer sshPort, Integer snmpPort,
                         Credentials credentials, List<String> interfaces, String config, String configStyle,
                         Traffic traffic, Object pace) {

        /** A router in the literal style at no pace whose circuits run at their full policed rate. */
        public Router(String hostname, String profile, String loopback, Integer sshPort, Integer snmpPort,
                      Credentials credentials, List<String> interfaces, String config) {
            this(hostname, profile, loopback, sshPort, snmpPort, credentials, interfaces, config, null, null, null);
        }
    }

    /**
     * The traffic load of a router's circuits ({@link TrafficLoad}), with loads of their own
     * for some ports (a subinterface, or a port for all its subinterfaces).
     *
     * @param load share of the policed rate sent, 0 to 1; default 1
     * @param burstOnSeconds how long each burst lasts; default 0 (no bursts)
     * @param burstOffSeconds the pause after each burst; default 0 (no bursts)
     * @param errorsPerSecond ifInErrors per second while up; default 0
     * @param discardsPerSecond ifOutDiscards per second while up; default 0
     * @param ports port name to its load, the same keys, without {@code ports}
     */
    public record Traffic(Double load, Double burstOnSeconds, Double burstOffSeconds, Double errorsPerSecond,
                          Double discardsPerSecond, java.util.Map<String, Traffic> ports) {

        /** The load these keys describe, defaults filled in. */
        public TrafficLoad toLoad() {
            return new TrafficLoad(first(load, 1.0), seconds(burstOnSeconds), seconds(burstOffSeconds),
                    first(errorsPerSecond, 0.0), first(discardsPerSecond, 0.0));
        }

        private static java.time.Duration seconds(Double s) {
            return s == null ? java.time.Duration.ZERO : java.time.Duration.ofNanos(Math.round(s * 1e9));
        }
    }

    private static final Pattern RANGE = Pattern.compile("^(.*/)(\\d+)-(\\d+)$");

    /** Reads and checks an inventory file. */
    public static Inventory load(Path file) throws IOException {
        try {
            return parse(Files.readString(file));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** Parses and checks inventory YAML. */
    public static Inventory parse(String yaml) throws IOException {
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        Inventory inventory = mapper.readValue(yaml, Inventory.class);
        inventory.check();
        return inventory;
    }

    private void check() {
        if (routers == null || routers.isEmpty()) {
            throw new IllegalArgumentException("the inventory names no routers");
        }
        Set<String> names = new HashSet<>();
        for (Router r : routers) {
            if (r.hostname() == null || !r.hostname().matches("[A-Za-z][A-Za-z0-9.-]*")) {
                throw new IllegalArgumentException("router hostname '" + r.hostname() + "' is missing or not a valid IOS hostname");
            }
            if (!names.add(r.hostname())) {
                throw new IllegalArgumentException("router " + r.hostname() + " appears twice");
            }
            profileOf(r);
            configStyleOf(r);
            if (r.loopback() == null || !r.loopback().matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
                throw new IllegalArgumentException("router " + r.hostname() + ": loopback must be an IPv4 address");
            }
            interfacesOf(r);
            trafficOf(r);
            paceOf(r);
            Credentials c = credentialsOf(r);
            if (c.username() == null || c.password() == null || c.enableSecret() == null) {
                throw new IllegalArgumentException("router " + r.hostname() + ": username, password and enableSecret are required");
            }
        }
    }

    /** The router's configuration style, {@link ConfigStyle#LITERAL} when the inventory names none. */
    static ConfigStyle configStyleOf(Router r) {
        try {
            return r.configStyle() == null ? ConfigStyle.LITERAL : ConfigStyle.parse(r.configStyle());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("router " + r.hostname() + ": " + e.getMessage(), e);
        }
    }

    /** The router's load and its ports' own loads, checked; port names as IOS spells them in full. */
    static java.util.Map<InterfaceName, TrafficLoad> portLoadsOf(Router r) {
        java.util.Map<InterfaceName, TrafficLoad> out = new java.util.TreeMap<>();
        if (r.traffic() != null && r.traffic().ports() != null) {
            for (var e : r.traffic().ports().entrySet()) {
                try {
                    if (e.getValue().ports() != null) {
                        throw new IllegalArgumentException("a port's traffic has no ports of its own");
                    }
                    out.put(InterfaceName.parse(e.getKey()), e.getValue().toLoad());
                } catch (IllegalArgumentException ex) {
                    throw new IllegalArgumentException("router " + r.hostname() + ": traffic of port '" + e.getKey()
                            + "': " + ex.getMessage(), ex);
                }
            }
        }
        return out;
    }

    /** The load of the router's circuits without one of their own. */
    static TrafficLoad trafficOf(Router r) {
        try {
            TrafficLoad load = r.traffic() == null ? TrafficLoad.FULL : r.traffic().toLoad();
            portLoadsOf(r);
            return load;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().startsWith("router ") ? e.getMessage()
                    : "router " + r.hostname() + ": traffic: " + e.getMessage(), e);
        }
    }

    static Profile profileOf(Router r) {
        try {
            return Profile.parse(String.valueOf(r.profile()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("router " + r.hostname() + ": " + e.getMessage(), e);
        }
    }

    /** The router's pace: {@link Pace#NONE} unless the inventory names one or gives its durations. */
    static Pace paceOf(Router r) {
        try {
            if (r.pace() == null) {
                return Pace.NONE;
            }
            if (r.pace() instanceof String name) {
                return Pace.named(name);
            }
            if (r.pace() instanceof Map<?, ?> map) {
                if (!Set.of("line", "save").containsAll(map.keySet())) {
                    throw new IllegalArgumentException("a pace has only line and save, not " + map.keySet());
                }
                return Pace.of(text(map.get("line")), text(map.get("save")));
            }
            throw new IllegalArgumentException("a pace is a name or {line: 30ms, save: 3s}, not " + r.pace());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("router " + r.hostname() + ": " + e.getMessage(), e);
        }
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    /** The router's credentials with the defaults filled in. */
    public Credentials credentialsOf(Router r) {
        Credentials own = r.credentials();
        Credentials def = defaults == null ? new Credentials(null, null, null, null, null) : defaults;
        if (own == null) {
            own = new Credentials(null, null, null, null, null);
        }
        return new Credentials(
                first(own.username(), def.username()),
                first(own.password(), def.password()),
                first(own.enableSecret(), def.enableSecret()),
                first(own.privilege(), first(def.privilege(), 1)),
                first(own.snmp(), def.snmp()));
    }

    /**
     * The same routers on ports the system picks, so that tests can run beside a demo that
     * holds the inventory's fixed ports. A router without SNMP stays without it.
     */
    public Inventory withAnyPorts() {
        List<Router> moved = routers.stream().map(r -> new Router(r.hostname(), r.profile(), r.loopback(), 0,
                r.snmpPort() != null && r.snmpPort() < 0 ? -1 : 0, r.credentials(), r.interfaces(), r.config(),
                r.configStyle(), r.traffic(), r.pace())).toList();
        return new Inventory(defaults, moved);
    }

    /** The router by hostname. */
    public Router router(String hostname) {
        return routers.stream().filter(r -> r.hostname().equals(hostname)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no router " + hostname + " in the inventory"));
    }

    private static <T> T first(T a, T b) {
        return a != null ? a : b;
    }

    /** The chassis ports, ranges expanded. */
    static List<InterfaceName> interfacesOf(Router r) {
        List<InterfaceName> out = new ArrayList<>();
        for (String spec : r.interfaces() == null ? List.<String>of() : r.interfaces()) {
            Matcher m = RANGE.matcher(spec.trim());
            try {
                if (m.matches()) {
                    int from = Integer.parseInt(m.group(2));
                    int to = Integer.parseInt(m.group(3));
                    if (to < from || to - from > 1024) {
                        throw new IllegalArgumentException("bad port range");
                    }
                    for (int p = from; p <= to; p++) {
                        out.add(physical(m.group(1) + p));
                    }
                } else {
                    out.add(physical(spec));
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("router " + r.hostname() + ": interface '" + spec + "': " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static InterfaceName physical(String text) {
        InterfaceName n = InterfaceName.parse(text);
        if (!n.isPhysical() || n.isSubinterface()) {
            throw new IllegalArgumentException("only physical ports belong to the chassis; logical interfaces are created by configuration");
        }
        return n;
    }

    /** Line rate of a port by its type. */
    static long speedOf(InterfaceName name) {
        return switch (name.type()) {
            case "FastEthernet" -> 100_000_000L;
            case "TenGigabitEthernet" -> 10_000_000_000L;
            case "POS" -> 9_953_280_000L;
            default -> 1_000_000_000L;
        };
    }
}
