package org.crs.routers.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.crs.routers.driver.cli.RunningConfig;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.device.ConfigStyle;

/**
 * The test lab: the routers of {@code lab-routers.yaml} running in the router emulator, the
 * endpoints a driver uses to reach them, and a device log that keeps every entry and can
 * arm a fault at a chosen moment of a driver's conversation.
 */
public final class Lab implements AutoCloseable {

    public static final String EDGE = "edge-a";
    public static final String CORE = "core-a";

    // The credentials of lab-routers.yaml; none may ever appear in a log or an exception.
    public static final String USERNAME = "crs";
    public static final String PASSWORD = "lab-login-password";
    public static final String ENABLE_SECRET = "lab-enable-secret";
    public static final String READ_COMMUNITY = "lab-read-community";
    public static final String WRITE_COMMUNITY = "lab-write-community";
    public static final String V3_USER = "crs";
    public static final String AUTH_PASSPHRASE = "lab-auth-passphrase";
    public static final String PRIV_PASSPHRASE = "lab-priv-passphrase";

    public static final List<String> SECRETS = List.of(PASSWORD, ENABLE_SECRET, READ_COMMUNITY, WRITE_COMMUNITY,
            AUTH_PASSPHRASE, PRIV_PASSPHRASE);

    /** A one-shot action run when the device log receives a matching entry. */
    private record Trigger(Predicate<DeviceLogEntry> when, Runnable action) {
    }

    private final RouterEmulator emulator;
    private final List<DeviceLogEntry> entries = new CopyOnWriteArrayList<>();
    private final List<Trigger> triggers = new CopyOnWriteArrayList<>();

    private Lab(RouterEmulator emulator) {
        this.emulator = emulator;
    }

    /** Boots the lab's routers on free ports. */
    public static Lab start() {
        try {
            return new Lab(RouterEmulator.start(Inventory.parse(inventoryYaml())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Boots the lab's routers on free ports, each showing its configuration in {@code style}
     * (the inventory's {@code configStyle}), so a test proves a driver against that form.
     */
    public static Lab start(ConfigStyle style) {
        try {
            return new Lab(RouterEmulator.start(Inventory.parse(inventoryYaml().replace("    profile: ",
                    "    configStyle: " + style.inventoryName() + "\n    profile: "))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Boots the lab's routers on free ports, keeping their state in {@code stateFolder}: a
     * router whose state file is there comes back as it was when its emulator stopped.
     */
    public static Lab startPersisted(Path stateFolder) {
        try {
            return new Lab(RouterEmulator.start(Inventory.parse(inventoryYaml()), Clock.systemUTC(), stateFolder));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lab inventory with the enable secret the routers expect replaced. */
    public static Lab startWithEnableSecret(String secret) {
        try {
            return new Lab(RouterEmulator.start(Inventory.parse(inventoryYaml().replace(
                    "enableSecret: " + ENABLE_SECRET, "enableSecret: " + secret))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String inventoryYaml() {
        try (InputStream in = Lab.class.getResourceAsStream("/lab-routers.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public EmulatedRouter router(String hostname) {
        return emulator.router(hostname);
    }

    /** How a driver reaches a lab router, with SNMPv2c write access. */
    public RouterEndpoint endpoint(String hostname) {
        return endpoint(hostname, SnmpCredentials.v2c(WRITE_COMMUNITY));
    }

    /** How a driver reaches a lab router, with these SNMP credentials. */
    public RouterEndpoint endpoint(String hostname, SnmpCredentials snmp) {
        EmulatedRouter r = router(hostname);
        return new RouterEndpoint(hostname, RouterEmulator.HOST, r.sshPort(), r.snmpPort(), USERNAME, PASSWORD,
                ENABLE_SECRET, snmp);
    }

    /** The endpoint with SNMPv3 authPriv credentials. */
    public RouterEndpoint endpointV3(String hostname) {
        return endpoint(hostname, SnmpCredentials.v3(V3_USER, AUTH_PASSPHRASE, PRIV_PASSPHRASE));
    }

    /** A device log that keeps every entry and fires the armed triggers. */
    public DeviceLog deviceLog() {
        return entry -> {
            entries.add(entry);
            for (Trigger t : triggers) {
                if (t.when().test(entry) && triggers.remove(t)) {
                    t.action().run();
                }
            }
        };
    }

    /** Runs {@code action} once, right after the device log receives the answer to {@code request}. */
    public void after(String request, Runnable action) {
        triggers.add(new Trigger(e -> e.request().equals(request), action));
    }

    /** Runs {@code action} once, right after the device log receives an entry that matches. */
    public void afterMatching(Predicate<DeviceLogEntry> when, Runnable action) {
        triggers.add(new Trigger(when, action));
    }

    public List<DeviceLogEntry> entries() {
        return List.copyOf(entries);
    }

    public List<String> requests() {
        return entries.stream().map(DeviceLogEntry::request).collect(Collectors.toList());
    }

    public void clearLog() {
        entries.clear();
    }

    /**
     * The running configuration without the lines that change by themselves (its length,
     * timestamps, {@code ntp clock-period}, certificates), as the drivers compare it.
     */
    public String config(String hostname) {
        return comparable(router(hostname).runningConfig());
    }

    /** The configuration as the drivers compare snapshots: {@link RunningConfig#comparable()}. */
    public static String comparable(String config) {
        return RunningConfig.parse(config).comparable() + "\n";
    }

    /** Fails if any secret of the lab appears in the text. */
    public static void assertNoSecretIn(String text) {
        for (String secret : SECRETS) {
            assertFalse(text.contains(secret), () -> "a secret leaked into: " + text);
        }
    }

    /** Fails if any secret appears in an exception, its causes or its suppressed exceptions. */
    public static void assertNoSecretIn(Throwable t) {
        java.io.StringWriter trace = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(trace));
        assertNoSecretIn(trace.toString());
    }

    /** Fails if any secret appears in any device log entry. */
    public void assertNoSecretInLog() {
        for (DeviceLogEntry e : entries) {
            assertNoSecretIn(e.request());
            assertNoSecretIn(e.response());
        }
    }

    @Override
    public void close() {
        try {
            emulator.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
