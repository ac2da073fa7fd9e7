package org.crs.routers.emulator.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Profile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SNMP agent against an independent manager: net-snmp's snmpget, snmpwalk and snmpset
 * (Debian package {@code snmp}), run as external programs with numeric OIDs and no MIB files.
 * The tools are required: without them this test fails rather than skips.
 */
class NetSnmpToolsTest {

    private static final String INSTALL_HINT =
            " is not on PATH: install net-snmp's command-line tools with deploy/install-test-tools.sh (Debian package snmp)";

    private static final String SYS_NAME = "1.3.6.1.2.1.1.5.0";
    private static final String IF_DESCR = "1.3.6.1.2.1.2.2.1.2";
    private static final String IF_ADMIN_STATUS = "1.3.6.1.2.1.2.2.1.7";
    private static final String IF_ALIAS = "1.3.6.1.2.1.31.1.1.1.18";
    private static final String EDIT_OPERATION = "1.3.6.1.4.1.9.9.46.1.4.1.1.1.1";
    private static final String APPLY_STATUS = "1.3.6.1.4.1.9.9.46.1.4.1.1.2.1";
    private static final String BUFFER_OWNER = "1.3.6.1.4.1.9.9.46.1.4.1.1.3.1";
    private static final String EDIT_TYPE = "1.3.6.1.4.1.9.9.46.1.4.2.1.3.1";
    private static final String EDIT_NAME = "1.3.6.1.4.1.9.9.46.1.4.2.1.4.1";
    private static final String EDIT_SAID = "1.3.6.1.4.1.9.9.46.1.4.2.1.6.1";
    private static final String EDIT_ROW_STATUS = "1.3.6.1.4.1.9.9.46.1.4.2.1.11.1";

    private static final List<String> V3 = List.of("-v3", "-l", "authPriv", "-u", "crs",
            "-a", "SHA-256", "-A", "crs-auth-secret", "-x", "AES", "-X", "crs-priv-secret");

    @TempDir
    Path netSnmpHome;

    private Device device;
    private Interface port1;
    private SnmpAgent agent;
    private String target;

    @BeforeAll
    static void toolsAreInstalled() {
        for (String tool : List.of("snmpget", "snmpwalk", "snmpset")) {
            assertTrue(onPath(tool), tool + INSTALL_HINT);
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    @BeforeEach
    void startAgent() throws Exception {
        device = new Device("edge-a", Profile.C7600, "10.0.0.1", Clock.systemUTC());
        synchronized (device) {
            port1 = device.addInterface(InterfaceName.parse("GigabitEthernet1/1"), 1_000_000_000L);
            device.addInterface(InterfaceName.parse("TenGigabitEthernet2/1"), 10_000_000_000L);
        }
        agent = new SnmpAgent(device, SnmpAgentTest.SETTINGS, new Faults());
        target = "127.0.0.1:" + agent.start("127.0.0.1", 0);
    }

    @AfterEach
    void stopAgent() {
        agent.close();
    }

    private record Result(int exitCode, String out, String err) {
        Result assertOk() {
            assertEquals(0, exitCode, "exit code; stderr: " + err + " stdout: " + out);
            return this;
        }
    }

    /** Runs a net-snmp tool with numeric output, no MIBs, and a private state directory. */
    private Result run(String tool, List<String> security, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(tool, "-On", "-m", "", "-t", "3", "-r", "1"));
        command.addAll(security);
        command.add(target);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        // Keep the tools away from the user's and the system's configuration and state files.
        builder.environment().put("MIBS", "");
        builder.environment().put("SNMPCONFPATH", netSnmpHome.toString());
        builder.environment().put("SNMP_PERSISTENT_DIR", netSnmpHome.toString());
        builder.redirectOutput(netSnmpHome.resolve("out.txt").toFile());
        builder.redirectError(netSnmpHome.resolve("err.txt").toFile());
        Process process = builder.start();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(tool + " did not finish");
        }
        return new Result(process.exitValue(),
                Files.readString(netSnmpHome.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(netSnmpHome.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    private static List<String> v2c(String community) {
        return List.of("-v2c", "-c", community);
    }

    private String runningConfig() {
        synchronized (device) {
            return device.runningConfig();
        }
    }

    @Test
    void snmpgetReadsTheHostnameAsSysName() throws Exception {
        Result result = run("snmpget", v2c("public"), SYS_NAME).assertOk();
        assertTrue(result.out().contains("." + SYS_NAME + " = STRING: \"edge-a\""), result.out());
    }

    @Test
    void snmpwalkOfIfDescrListsTheInterfaces() throws Exception {
        Result result = run("snmpwalk", v2c("public"), IF_DESCR).assertOk();
        List<String> lines = result.out().lines().toList();
        assertEquals(3, lines.size(), result.out());
        assertTrue(lines.get(0).contains("STRING: \"Loopback0\""));
        assertTrue(lines.get(1).contains("." + IF_DESCR + "." + port1.ifIndex() + " = STRING: \"GigabitEthernet1/1\""));
        assertTrue(lines.get(2).contains("STRING: \"TenGigabitEthernet2/1\""));
    }

    @Test
    void snmpsetOfIfAdminStatusBringsThePortUp() throws Exception {
        run("snmpset", v2c("private"), IF_ADMIN_STATUS + "." + port1.ifIndex(), "i", "1").assertOk();
        synchronized (device) {
            assertFalse(port1.shutdown());
        }
        assertFalse(runningConfig().contains("interface GigabitEthernet1/1\n shutdown"));
    }

    @Test
    void snmpsetWithTheReadCommunityIsRefused() throws Exception {
        Result result = run("snmpset", v2c("public"), IF_ALIAS + "." + port1.ifIndex(), "s", "sneaky");
        assertNotEquals(0, result.exitCode(), result.out());
        synchronized (device) {
            assertEquals(null, port1.description());
        }
    }

    @Test
    void snmpsetThroughTheVtpEditBufferCreatesAVlan() throws Exception {
        int vlan = 1500;
        String said = String.format("%08X", 100_000 + vlan);
        List<String> rw = v2c("private");
        run("snmpset", rw, EDIT_OPERATION, "i", "2", BUFFER_OWNER, "s", "net-snmp").assertOk();
        run("snmpset", rw,
                EDIT_ROW_STATUS + "." + vlan, "i", "4",
                EDIT_TYPE + "." + vlan, "i", "1",
                EDIT_NAME + "." + vlan, "s", "LP-15",
                EDIT_SAID + "." + vlan, "x", said).assertOk();
        run("snmpset", rw, EDIT_OPERATION, "i", "3").assertOk();
        String status = "";
        for (int attempt = 0; attempt < 20 && !status.contains("INTEGER: 2"); attempt++) {
            Thread.sleep(50);
            status = run("snmpget", rw, APPLY_STATUS).assertOk().out();
        }
        assertTrue(status.contains("INTEGER: 2"), "apply succeeded: " + status);
        run("snmpset", rw, EDIT_OPERATION, "i", "4").assertOk();

        assertTrue(runningConfig().contains("vlan 1500\n name LP-15\n"), runningConfig());
        assertTrue(run("snmpget", rw, BUFFER_OWNER).assertOk().out().contains("\"\""), "released");
    }

    @Test
    void snmpV3WithSha256AndAesCanGetAndSet() throws Exception {
        Result get = run("snmpget", V3, SYS_NAME).assertOk();
        assertTrue(get.out().contains("STRING: \"edge-a\""), get.out());

        run("snmpset", V3, IF_ALIAS + "." + port1.ifIndex(), "s", "LP-42 host").assertOk();
        assertTrue(runningConfig().contains("interface GigabitEthernet1/1\n description LP-42 host\n"));
    }

    @Test
    void snmpV3WithAWrongPassphraseFails() throws Exception {
        List<String> wrong = new ArrayList<>(V3);
        wrong.set(wrong.indexOf("crs-auth-secret"), "not-the-secret");
        Result result = run("snmpget", wrong, SYS_NAME);
        assertNotEquals(0, result.exitCode(), result.out());
        assertFalse(result.out().contains("edge-a"));
    }
}
