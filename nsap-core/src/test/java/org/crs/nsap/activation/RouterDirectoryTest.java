package org.crs.nsap.activation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.crs.nsap.activation.RouterDirectory.RouterAccess;
import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.dryrun.DryRunDriver;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;

class RouterDirectoryTest {

    static final String EXAMPLE = """
            # Router access for a site: secrets come from the environment.
            defaults:
              username: crs
              password: ${CRS_ROUTER_PASSWORD}
              enableSecret: ${CRS_ROUTER_ENABLE_SECRET}
              snmp:
                version: 3
                user: crs
                authPassword: ${CRS_SNMP_AUTH}
                privPassword: ${CRS_SNMP_PRIV}
            cliTimeouts: { command: 30s, save: 2m }
            snmpTimeouts: { request: 500ms, retries: 2, vtpApply: PT20S }
            routers:
              - name: edge-a
                host: 192.0.2.11
                profile: 7600
                protocol: snmp
                snmpPort: 1161
                snmp: { version: 2, community: "${CRS_EDGE_A_COMMUNITY}" }
              - name: edge-b
                host: 192.0.2.12
                profile: 7600
              - name: core-1
                host: core-1.wan.example.net
                profile: 12000
                sshPort: 2222
                password: literal-$${not-a-reference}
            """;

    static final Map<String, String> ENV = Map.of(
            "CRS_ROUTER_PASSWORD", "env-password",
            "CRS_ROUTER_ENABLE_SECRET", "env-enable",
            "CRS_SNMP_AUTH", "env-auth-pass",
            "CRS_SNMP_PRIV", "env-priv-pass",
            "CRS_EDGE_A_COMMUNITY", "env-community");

    @Test
    void readsRoutersWithDefaultsAndSecretsFromTheEnvironment() {
        RouterDirectory d = RouterDirectory.parse(EXAMPLE, ENV::get);

        assertEquals(java.util.List.of("edge-a", "edge-b", "core-1"), java.util.List.copyOf(d.routerNames()));

        RouterAccess edgeA = d.access("edge-a");
        assertEquals("cisco-7600-snmp", edgeA.driver().name());
        assertEquals(DeviceLogEntry.Protocol.SNMP, edgeA.protocol());
        RouterEndpoint a = edgeA.endpoint();
        assertEquals("192.0.2.11", a.host());
        assertEquals(22, a.sshPort());
        assertEquals(1161, a.snmpPort());
        assertEquals(2, a.snmp().version());
        assertEquals("env-community", a.snmp().community());

        RouterAccess edgeB = d.access("edge-b");
        assertEquals("cisco-7600-cli", edgeB.driver().name());
        assertEquals(DeviceLogEntry.Protocol.CLI, edgeB.protocol());
        RouterEndpoint b = edgeB.endpoint();
        assertEquals("crs", b.username());
        assertEquals("env-password", b.password());
        assertEquals("env-enable", b.enableSecret());
        assertEquals(161, b.snmpPort());
        assertEquals(3, b.snmp().version());
        assertEquals("env-auth-pass", b.snmp().authPassword());
        assertEquals("env-priv-pass", b.snmp().privPassword());

        RouterEndpoint c = d.access("core-1").endpoint();
        assertEquals("cisco-12000-cli", d.access("core-1").driver().name());
        assertEquals(2222, c.sshPort());
        assertEquals("literal-${not-a-reference}", c.password());

        assertEquals(Duration.ofSeconds(30), d.cliTimeouts().command());
        assertEquals(Duration.ofSeconds(5), d.cliTimeouts().connect());
        // Each kind of command has its own timeout; one left out keeps its default.
        assertEquals(Duration.ofMinutes(2), d.cliTimeouts().save());
        assertEquals(CliTimeouts.DEFAULTS.show(), d.cliTimeouts().show());
        assertEquals(Duration.ofMillis(500), d.snmpTimeouts().request());
        assertEquals(2, d.snmpTimeouts().retries());
        assertEquals(Duration.ofSeconds(20), d.snmpTimeouts().vtpApply());
    }

    @Test
    void givesTheDriverOfEachProfileAndProtocol() {
        RouterDirectory d = RouterDirectory.parse(EXAMPLE, ENV::get);

        assertInstanceOf(Cisco7600SnmpDriver.class, d.driverFor("edge-a", DeviceLog.NONE));
        assertInstanceOf(Cisco7600CliDriver.class, d.driverFor("edge-b", DeviceLog.NONE));
        assertInstanceOf(Cisco12000CliDriver.class, d.driverFor("core-1", DeviceLog.NONE));
        assertEquals("edge-b", d.driverFor("edge-b", DeviceLog.NONE).router().name());

        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> d.driverFor("core-9", DeviceLog.NONE));
        assertTrue(unknown.getMessage().contains("core-9"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> d.pseudowireDriverFor("edge-b", DeviceLog.NONE));
        assertThrows(IllegalArgumentException.class, () -> d.vlanDriverFor("core-1", DeviceLog.NONE));
    }

    @Test
    void secretsStayOutOfToStringAndErrors() {
        RouterDirectory d = RouterDirectory.parse(EXAMPLE, ENV::get);
        String text = d + " " + d.access("edge-a") + " " + d.access("edge-b") + " " + d.access("core-1");
        for (String secret : ENV.values()) {
            assertFalse(text.contains(secret), text);
        }
        assertTrue(text.contains("edge-a"), text);

        // A value of the wrong kind is reported by where it is, not quoted back.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RouterDirectory.parse(
                EXAMPLE.replace("snmpPort: 1161", "snmpPort: not-a-port-but-a-secret"), ENV::get));
        assertTrue(e.getMessage().contains("routers[0].snmpPort"), e.getMessage());
        assertFalse(e.getMessage().contains("not-a-port-but-a-secret"), e.getMessage());
    }

    @Test
    void anUnsetVariableIsAnErrorNamingItAndWhere() {
        Map<String, String> env = new HashMap<>(ENV);
        env.remove("CRS_EDGE_A_COMMUNITY");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RouterDirectory.parse(EXAMPLE, env::get));

        assertEquals("router edge-a: snmp.community: environment variable CRS_EDGE_A_COMMUNITY is not set",
                e.getMessage());
    }

    @Test
    void aDryRunRouterNeedsNoWayInAndCarriesEverySegment() {
        RouterDirectory d = RouterDirectory.parse("""
                routers:
                  - { name: edge-c, host: 192.0.2.13, driver: dry-run }
                """, ENV::get);

        assertInstanceOf(DryRunDriver.class, d.driverFor("edge-c", DeviceLog.NONE));
        assertEquals(DeviceLogEntry.Protocol.DRY_RUN, d.access("edge-c").protocol());
        assertTrue(d.carries("edge-c", CampusSegment.class));
        assertTrue(d.carries("edge-c", PseudowireSegment.class));
    }

    @Test
    void theDefaultsDriverIsTakenByRoutersThatNameNoFamilyOfTheirOwn() {
        RouterDirectory d = RouterDirectory.parse("""
                defaults: { driver: dry-run, username: crs, password: p }
                routers:
                  - { name: edge-a, host: 192.0.2.11 }
                  - { name: edge-b, host: 192.0.2.12, profile: 7600 }
                """, ENV::get);

        assertEquals("dry-run", d.access("edge-a").driver().name());
        assertEquals("cisco-7600-cli", d.access("edge-b").driver().name());
    }

    @Test
    void aRouterGivesItsDriverOrItsProfileNotBoth() {
        String both = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, driver: dry-run, profile: 7600 }
                """;
        assertTrue(message(both).startsWith("router edge-a: give driver, or profile and protocol"), message(both));
        String unknown = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, driver: juniper-mx-cli }
                """;
        assertTrue(message(unknown).startsWith("router edge-a: no driver is named 'juniper-mx-cli'"), message(unknown));
    }

    @Test
    void refusesWhatNoDriverCanDo() {
        String snmp12000 = """
                routers:
                  - { name: core-1, host: 192.0.2.21, profile: 12000, protocol: snmp, snmp: { community: x } }
                """;
        assertTrue(message(snmp12000).contains("no driver is named 'cisco-12000-snmp'"), message(snmp12000));

        String snmpWithoutCredentials = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, profile: 7600, protocol: snmp }
                """;
        assertTrue(message(snmpWithoutCredentials).contains("needs snmp credentials"));

        String cliWithoutPassword = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, profile: 7600, username: crs }
                """;
        assertTrue(message(cliWithoutPassword).contains("password is required"));

        String badProfile = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, profile: 7200, username: crs, password: p }
                """;
        assertTrue(message(badProfile).contains("no driver is named 'cisco-7200-cli'"), message(badProfile));

        String unknownKey = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, profile: 7600, username: crs, password: p, pasword: q }
                """;
        assertTrue(message(unknownKey).contains("unknown key 'pasword'"), message(unknownKey));

        String twice = """
                routers:
                  - { name: edge-a, host: 192.0.2.11, profile: 7600, username: crs, password: p }
                  - { name: edge-a, host: 192.0.2.12, profile: 7600, username: crs, password: p }
                """;
        assertTrue(message(twice).contains("appears twice"));

        String v3WithoutPriv = """
                routers:
                  - { name: edge-a, host: h, profile: 7600, protocol: snmp, snmp: { user: crs, authPassword: a } }
                """;
        assertTrue(message(v3WithoutPriv).contains("needs privPassword"), message(v3WithoutPriv));

        assertTrue(message("routers: []").contains("names no routers"));
    }

    @Test
    void loadsAFileWithItsNameInErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("routers.yaml");
        Files.writeString(file, "routers:\n  - { name: edge-a, host: h, profile: 7600, username: crs, password: p }\n");
        RouterDirectory d = RouterDirectory.load(file, name -> null);
        assertNull(d.access("edge-a").endpoint().enableSecret());

        Files.writeString(file, "routers:\n  - { name: edge-a, host: h, profile: 7600, username: crs }\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RouterDirectory.load(file, name -> null));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }

    @Test
    void anEmulatorsRouterAccessFileGivesItsPortsAndCredentials() throws Exception {
        try (ActivationLab lab = new ActivationLab()) {
            RouterDirectory d = RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of("edge-b")));

            RouterEndpoint a = d.access("edge-a").endpoint();
            assertEquals("127.0.0.1", a.host());
            assertEquals(lab.router("edge-a").sshPort(), a.sshPort());
            assertEquals(lab.router("edge-a").snmpPort(), a.snmpPort());
            assertEquals("crs", a.username());
            assertEquals("activation-login-password", a.password());
            assertEquals("activation-enable-secret", a.enableSecret());
            assertInstanceOf(Cisco7600CliDriver.class, d.driverFor("edge-a", DeviceLog.NONE));
            assertInstanceOf(Cisco7600SnmpDriver.class, d.driverFor("edge-b", DeviceLog.NONE));
            assertInstanceOf(Cisco12000CliDriver.class, d.driverFor("core-2", DeviceLog.NONE));
            assertEquals(3, d.access("edge-b").endpoint().snmp().version());

            assertThrows(IllegalArgumentException.class,
                    () -> RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of("edge-z"))));
            assertThrows(IllegalArgumentException.class,
                    () -> RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of("core-1"))));
            ActivationLab.assertNoSecretIn(d.toString());
        }
    }

    private static String message(String yaml) {
        return assertThrows(IllegalArgumentException.class, () -> RouterDirectory.parse(yaml, name -> null))
                .getMessage();
    }
}
