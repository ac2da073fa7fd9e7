package org.crs.routers.emulator;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.session.ClientSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real emulator process killed (SIGKILL) while a client configures one of its routers
 * as fast as it can never leaves a state file it cannot load.
 */
class EmulatorProcessKillTest {

    static final String INVENTORY = """
            defaults:
              username: op
              password: op-password
              enableSecret: op-enable
              privilege: 15
            routers:
              - hostname: edge-k
                profile: 7600
                loopback: 10.9.2.1
                snmpPort: -1
                interfaces: [GigabitEthernet1/1-4, TenGigabitEthernet2/1]
            """;
    static final Pattern SSH_PORT = Pattern.compile("^edge-k\\s+7600\\s+ssh 127\\.0\\.0\\.1:(\\d+)");
    static final int ROUNDS = 3;

    @TempDir
    Path dir;

    /** A running emulator process and what it printed. */
    record Emulator(Process process, List<String> output, int sshPort) {
    }

    private Emulator running;

    @AfterEach
    void stop() throws Exception {
        if (running != null) {
            running.process().destroyForcibly().waitFor();
        }
    }

    @Test
    void aStateFileLeftByAKillInTheMiddleOfConfigurationAlwaysLoads() throws Exception {
        Path inventory = Files.writeString(dir.resolve("inventory.yaml"), INVENTORY);
        Path state = dir.resolve("state");
        SshClient client = SshClient.setUpDefaultClient();
        client.start();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                running = start(inventory, state);
                AtomicLong answered = new AtomicLong();
                try (ClientSession session = client.connect("op", "127.0.0.1", running.sshPort())
                        .verify(Duration.ofSeconds(10)).getSession()) {
                    session.addPasswordIdentity("op-password");
                    session.auth().verify(Duration.ofSeconds(10));
                    ChannelShell shell = session.createShellChannel();
                    shell.setOut(countingLines(answered));
                    shell.setErr(OutputStream.nullOutputStream());
                    shell.open().verify(Duration.ofSeconds(10));
                    Thread typist = typeForever(shell.getInvertedIn());
                    // Kill at a random moment once the router is busy saving changes.
                    long wanted = 40 + ThreadLocalRandom.current().nextInt(160);
                    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    while (answered.get() < wanted && System.nanoTime() < deadline) {
                        Thread.sleep(5);
                    }
                    assertTrue(answered.get() >= wanted, "the router answered only " + answered.get() + " lines");
                    running.process().destroyForcibly().waitFor();
                    typist.interrupt();
                }
                running = null;
            }
            running = start(inventory, state);
            assertTrue(running.process().isAlive(), String.join("\n", running.output()));
            assertTrue(Files.readString(state.resolve("edge-k.yaml")).contains("runningConfig:"));
        } finally {
            client.stop();
        }
    }

    // Creates, names and deletes VLANs without waiting for answers, until the shell closes.
    private static Thread typeForever(OutputStream in) {
        Thread t = new Thread(() -> {
            try {
                in.write("configure terminal\n".getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; !Thread.currentThread().isInterrupted(); i++) {
                    int vlan = 1000 + i % 200;
                    String lines = i % 400 < 200 ? "vlan " + vlan + "\n name LP-" + i + "\n" : "no vlan " + vlan + "\n";
                    in.write(lines.getBytes(StandardCharsets.US_ASCII));
                    in.flush();
                }
            } catch (IOException e) {
                // The router was killed under the client: the end this test is waiting for.
                System.out.println("typist stopped: " + e);
            }
        }, "typist");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static OutputStream countingLines(AtomicLong lines) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                if (b == '\n') {
                    lines.incrementAndGet();
                }
            }
        };
    }

    static Emulator start(Path inventory, Path state) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                EmulatorMain.class.getName(), inventory.toString(), "--state", state.toString())
                .redirectErrorStream(true).start();
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
        }, "emulator-output");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline && p.isAlive() && !output.contains(EmulatorMain.READY)) {
            Thread.sleep(20);
        }
        if (!output.contains(EmulatorMain.READY)) {
            p.destroyForcibly().waitFor();
            fail("the emulator did not start: " + String.join("\n", output));
        }
        for (String line : output) {
            Matcher m = SSH_PORT.matcher(line);
            if (m.find()) {
                return new Emulator(p, output, Integer.parseInt(m.group(1)));
            }
        }
        p.destroyForcibly().waitFor();
        return fail("no SSH port in " + output);
    }
}
