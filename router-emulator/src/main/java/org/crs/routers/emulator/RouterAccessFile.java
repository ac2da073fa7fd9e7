package org.crs.routers.emulator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.snmp.SnmpSettings;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * Writes the router access file for a running emulator, in the format operators write for
 * real routers ({@code deploy/config/routers-demo.yaml}, docs/configuration.md): each router
 * on 127.0.0.1 at its SSH and SNMP ports, with the credentials of the emulator's inventory.
 * The services then read it through their production path, so nothing in them knows the
 * emulator. Over SNMP a router is reached as the inventory's first SNMPv3 user when it has
 * one, else with its v2c write community.
 *
 * <p>The file holds the inventory's credentials in clear: it is for tests and the demo, whose
 * routers are emulated. A {@code ${} in a credential is written as {@code $${}, so that the
 * reader does not take it for an environment variable.
 */
public final class RouterAccessFile {

    private RouterAccessFile() {
    }

    /** What the file says of one router. */
    private record Entry(String hostname, Profile profile, int sshPort, int snmpPort, Inventory.Credentials credentials) {
    }

    /**
     * Writes the file.
     *
     * @param snmpRouters the routers to drive over SNMP; the others are driven by CLI
     * @return {@code file}
     * @throws IllegalArgumentException if {@code snmpRouters} names a router the emulator does
     *     not have, or one without an SNMP agent or SNMP write access
     */
    public static Path write(RouterEmulator emulator, Path file, Set<String> snmpRouters) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (EmulatedRouter r : emulator.routers()) {
            entries.add(new Entry(r.hostname(), r.profile(), r.sshPort(), r.snmpPort(), r.credentials()));
        }
        return write(entries, file, snmpRouters);
    }

    /**
     * Writes the file for the routers of an inventory run by an emulator elsewhere (another
     * process, say), at the ports the inventory gives.
     *
     * @throws IllegalArgumentException if a router has no fixed SSH port, or an SNMP agent on
     *     no fixed port: where it listens could not be known; or as {@link #write(RouterEmulator, Path, Set)}
     */
    public static Path write(Inventory inventory, Path file, Set<String> snmpRouters) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (Inventory.Router r : inventory.routers()) {
            if (r.sshPort() == null || r.sshPort() <= 0) {
                throw new IllegalArgumentException("router " + r.hostname() + ": sshPort must be a fixed port to reach it"
                        + " from another process, not " + r.sshPort());
            }
            if (r.snmpPort() == null || r.snmpPort() == 0) {
                throw new IllegalArgumentException("router " + r.hostname() + ": snmpPort must be a fixed port (or -1 for"
                        + " no SNMP agent) to reach it from another process, not " + r.snmpPort());
            }
            entries.add(new Entry(r.hostname(), Inventory.profileOf(r), r.sshPort(), r.snmpPort(), inventory.credentialsOf(r)));
        }
        return write(entries, file, snmpRouters);
    }

    private static Path write(List<Entry> entries, Path file, Set<String> snmpRouters) throws IOException {
        Set<String> names = new HashSet<>();
        List<Map<String, Object>> routers = new ArrayList<>();
        for (Entry r : entries) {
            names.add(r.hostname());
            Inventory.Credentials c = r.credentials();
            Map<String, Object> snmp = snmpOf(c.snmp());
            boolean overSnmp = snmpRouters.contains(r.hostname());
            if (overSnmp && (r.snmpPort() <= 0 || snmp == null)) {
                throw new IllegalArgumentException("router " + r.hostname()
                        + " has no SNMP agent or no SNMP write access in the emulator's inventory");
            }
            Map<String, Object> router = new LinkedHashMap<>();
            router.put("name", r.hostname());
            router.put("host", RouterEmulator.HOST);
            router.put("profile", switch (r.profile()) {
                case C7600 -> "7600";
                case C12000 -> "12000";
            });
            router.put("protocol", overSnmp ? "snmp" : "cli");
            router.put("sshPort", r.sshPort());
            if (r.snmpPort() > 0) {
                router.put("snmpPort", r.snmpPort());
            }
            router.put("username", literal(c.username()));
            router.put("password", literal(c.password()));
            if (c.enableSecret() != null) {
                router.put("enableSecret", literal(c.enableSecret()));
            }
            if (snmp != null) {
                router.put("snmp", snmp);
            }
            routers.add(router);
        }
        for (String asked : snmpRouters) {
            if (!names.contains(asked)) {
                throw new IllegalArgumentException("the emulator has no router " + asked + " (have " + names + ")");
            }
        }
        Files.writeString(file, "# The routers of a running emulator (RouterAccessFile); credentials of its inventory.\n"
                + new YAMLMapper().writeValueAsString(Map.of("routers", routers)));
        return file;
    }

    /** Writes the file to a new temporary file, deleted when the JVM exits. */
    public static Path writeTemporary(RouterEmulator emulator, Set<String> snmpRouters) throws IOException {
        return write(emulator, temporaryFile(), snmpRouters);
    }

    /** As {@link #write(Inventory, Path, Set)}, to a new temporary file deleted when the JVM exits. */
    public static Path writeTemporary(Inventory inventory, Set<String> snmpRouters) throws IOException {
        return write(inventory, temporaryFile(), snmpRouters);
    }

    /**
     * A router access file naming every router of {@code inventory} with {@code driver: dry-run},
     * in a new temporary file deleted when the JVM exits: the services configure nothing and
     * record what they would send (docs/router-drivers.md), and need no emulator.
     */
    public static Path writeDryRunTemporary(Inventory inventory) throws IOException {
        List<Map<String, Object>> routers = new ArrayList<>();
        for (Inventory.Router r : inventory.routers()) {
            Map<String, Object> router = new LinkedHashMap<>();
            router.put("name", r.hostname());
            router.put("host", RouterEmulator.HOST);
            router.put("driver", "dry-run");
            routers.add(router);
        }
        Path file = temporaryFile();
        Files.writeString(file, "# Every router of the inventory on the dry-run driver.\n"
                + new YAMLMapper().writeValueAsString(Map.of("routers", routers)));
        return file;
    }

    private static Path temporaryFile() throws IOException {
        Path file = Files.createTempFile("crs-routers-", ".yaml");
        file.toFile().deleteOnExit();
        return file;
    }

    /** The first v3 user (authPriv) if any, else the v2c write community, else none. */
    private static Map<String, Object> snmpOf(SnmpSettings s) {
        if (s == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if (!s.v3Users().isEmpty()) {
            SnmpSettings.V3User u = s.v3Users().get(0);
            out.put("version", 3);
            out.put("user", literal(u.name()));
            out.put("authPassword", literal(u.authPassword()));
            out.put("privPassword", literal(u.privPassword()));
            return out;
        }
        if (s.writeCommunity() == null) {
            return null;
        }
        out.put("version", 2);
        out.put("community", literal(s.writeCommunity()));
        return out;
    }

    /** A value the reader takes as written: {@code ${} would otherwise name an environment variable. */
    private static String literal(String value) {
        return value == null ? null : value.replace("${", "$${");
    }
}
