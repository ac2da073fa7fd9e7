package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.crs.bar.server.BarServer;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo with {@code --routers-apart}, as real processes: the routers outlive a kill -9 of
 * the demo with the circuit it had set up, and the next demo finds the same emulator.
 */
class RoutersApartTest {

    static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    static final Pattern BAR_URL = Pattern.compile("BAR site-a\\s+(http://\\S+)\\?wsdl");
    static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private final List<Process> demos = new ArrayList<>();

    @AfterEach
    void stopEverything() throws Exception {
        for (Process demo : demos) {
            demo.destroyForcibly().waitFor();
        }
        Optional<Long> emulator = RoutersApart.readPid(dir.resolve("data/routers"));
        if (emulator.isPresent()) {
            Optional<ProcessHandle> handle = ProcessHandle.of(emulator.get());
            if (handle.isPresent()) {
                handle.get().destroyForcibly();
                handle.get().onExit().get();
            }
        }
    }

    /** A demo process and what it printed. */
    record Demo(Process process, List<String> output, URI bar) {
    }

    @Test
    void theEdgeRouterStillCarriesAnActiveCircuitAfterTheDemoIsKilledAndTheNextDemoFindsTheSameRouters()
            throws Exception {
        int[] edgeA = new int[1];
        Path inventory = inventoryOnFreePorts(edgeA);
        Demo first = startDemo(inventory);
        long emulatorPid = RoutersApart.readPid(dir.resolve("data/routers")).orElseThrow();

        String id = "apart-" + System.nanoTime() % 100000;
        Instant start = Instant.now().plusSeconds(4).truncatedTo(ChronoUnit.MILLIS);
        String reserved = bar(first).call("createReservation", "<n:createReservation><n:requestId>" + id
                + "</n:requestId><n:source>site-a:host-a1</n:source><n:destination>site-b:host-b1</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plusSeconds(600)
                + "</n:end><n:description>outlives the demo</n:description><n:holdOnly>false</n:holdOnly>"
                + "</n:createReservation>");
        assertEquals("RESERVED", state(reserved), reserved);
        int vlan = localVlan(reserved);
        waitForActive(first, id);

        first.process().destroyForcibly().waitFor();

        String config = showRunningConfig(edgeA[0]);
        assertTrue(config.contains("\nvlan " + vlan + "\r\n name LP-"), config);
        assertTrue(ProcessHandle.of(emulatorPid).map(ProcessHandle::isAlive).orElse(false), "the emulator still runs");

        Demo second = startDemo(inventory);
        assertTrue(second.output().stream().anyMatch(l -> l.contains("pid " + emulatorPid + ", already running")),
                String.join("\n", second.output()));
        assertEquals(emulatorPid, RoutersApart.readPid(dir.resolve("data/routers")).orElseThrow());
        assertTrue(showRunningConfig(edgeA[0]).contains("\nvlan " + vlan + "\r\n"), "the circuit is still there");
    }

    // The demo's inventory with every router on a free port, so the test runs beside a demo.
    private Path inventoryOnFreePorts(int[] edgeASshPort) throws IOException {
        String yaml = Files.readString(REPOSITORY.resolve("deploy/emulator/demo-routers.yaml"));
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("(sshPort|snmpPort): \\d+").matcher(yaml);
        boolean firstSsh = true;
        while (m.find()) {
            int port;
            if (m.group(1).equals("sshPort")) {
                try (ServerSocket s = new ServerSocket(0)) {
                    port = s.getLocalPort();
                }
                if (firstSsh) {
                    edgeASshPort[0] = port;
                    firstSsh = false;
                }
            } else {
                try (DatagramSocket s = new DatagramSocket(0)) {
                    port = s.getLocalPort();
                }
            }
            m.appendReplacement(out, m.group(1) + ": " + port);
        }
        m.appendTail(out);
        assertTrue(yaml.indexOf("hostname: edge-a") < yaml.indexOf("sshPort"), "edge-a is the first router");
        return Files.writeString(dir.resolve("routers.yaml"), out.toString());
    }

    private Demo startDemo(Path inventory) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), org.crs.demo.Demo.class.getName(),
                dir.resolve("data").toString(), "--routers-apart", "--any-ports", "--inventory", inventory.toString(),
                "--minimum-seconds", "2")
                .directory(REPOSITORY.toFile()).redirectErrorStream(true).start();
        demos.add(p);
        List<String> output = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    output.add(line);
                }
            } catch (IOException e) {
                output.add("(output ended: " + e + ")");
            }
        }, "demo-output");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && p.isAlive()) {
            for (String line : output) {
                Matcher m = BAR_URL.matcher(line);
                if (m.find()) {
                    return new Demo(p, output, URI.create(m.group(1)));
                }
            }
            Thread.sleep(50);
        }
        return fail("the demo did not start:\n" + String.join("\n", output));
    }

    private static RawSoap bar(Demo demo) {
        return new RawSoap(demo.bar(), BarServer.NAMESPACE).as("alice", DemoAccounts.password("alice"));
    }

    private static void waitForActive(Demo demo, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String answer;
        do {
            answer = bar(demo).call("getReservation", "<n:getReservation><n:requestId>" + id
                    + "</n:requestId></n:getReservation>");
            if (state(answer).equals("ACTIVE")) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        fail("reservation " + id + " not ACTIVE: " + answer);
    }

    /** The reservation's own state, not one of its segments'. */
    private static String state(String answer) {
        return RawSoap.field(answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", ""), "state");
    }

    private static int localVlan(String answer) {
        Matcher m = Pattern.compile("(?s)<(?:\\w+:)?segments[ >](.*?)</(?:\\w+:)?segments>").matcher(answer);
        while (m.find()) {
            if ("LOCAL_CAMPUS".equals(RawSoap.field(m.group(1), "role"))) {
                return Math.max(Integer.parseInt(RawSoap.field(m.group(1), "sourceVlan")),
                        Integer.parseInt(RawSoap.field(m.group(1), "destinationVlan")));
            }
        }
        return fail("no LOCAL_CAMPUS segment in " + answer);
    }

    /** Logs in to a demo router as an operator would, and reads its running configuration. */
    private static String showRunningConfig(int sshPort) throws Exception {
        SshClient client = SshClient.setUpDefaultClient();
        client.start();
        try (ClientSession session = client.connect("crs", "127.0.0.1", sshPort).verify(Duration.ofSeconds(10))
                .getSession()) {
            session.addPasswordIdentity("crs-demo-password");
            session.auth().verify(Duration.ofSeconds(10));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setOut(out);
                shell.setErr(OutputStream.nullOutputStream());
                shell.open().verify(Duration.ofSeconds(10));
                OutputStream in = shell.getInvertedIn();
                for (String line : List.of("enable", "crs-demo-enable", "terminal length 0", "show running-config", "exit")) {
                    in.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
                    in.flush();
                }
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), Duration.ofSeconds(10));
            }
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            client.stop();
        }
    }
}
