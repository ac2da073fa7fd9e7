package org.crs.demo.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** A service main in a JVM of its own, killed with SIGKILL and started again, cold or from a warm standby. */
class ServiceProcessTest {

    @Test
    void aKilledServiceIsGoneAtOnceAndARestartServesOnTheSamePortAgain() throws Exception {
        Path work = Files.createDirectories(Path.of("target/service-process-test"));
        Path inventory = oneRouter(work);
        int port = sshPort(inventory);

        try (ServiceProcess emulator = ServiceProcess.of("emulator", "org.crs.routers.emulator.EmulatorMain", inventory, work)
                .port(port).readyLine(ServiceProcess.EMULATOR_READY)) {
            emulator.start();
            long first = emulator.pid();
            assertTrue(ServiceProcess.accepts(port));

            emulator.kill();

            assertFalse(emulator.isAlive());
            assertFalse(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false), "no process " + first);
            assertFalse(ServiceProcess.accepts(port));

            emulator.restart();

            assertTrue(ServiceProcess.accepts(port));
            assertNotEquals(first, emulator.pid());
            assertTrue(Files.readString(emulator.log()).contains("start 2"), "one log across starts");
            assertEquals(ServiceProcess.StartKind.COLD, emulator.lastStart().orElseThrow().kind());
        }
    }

    @Test
    void aRestartWithAWarmStandbyStartsTheWaitingJvmAndKeepsANewOneWaiting() throws Exception {
        Path work = Files.createDirectories(Path.of("target/service-process-test-standby"));
        Path inventory = oneRouter(work);
        int port = sshPort(inventory);

        try (ServiceProcess emulator = ServiceProcess.of("emulator-standby", "org.crs.routers.emulator.EmulatorMain", inventory,
                work).port(port).readyLine(ServiceProcess.EMULATOR_READY).warmStandby()) {
            emulator.start();
            assertEquals(ServiceProcess.StartKind.COLD, emulator.lastStart().orElseThrow().kind());
            assertTrue(emulator.awaitStandby(Duration.ofSeconds(60)), "a standby waits, its classes loaded");
            long first = emulator.pid();

            emulator.kill();
            assertFalse(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false), "no process " + first);
            emulator.restart();

            assertEquals(ServiceProcess.StartKind.WARM, emulator.lastStart().orElseThrow().kind());
            assertTrue(ServiceProcess.accepts(port));
            assertNotEquals(first, emulator.pid());
            assertTrue(emulator.awaitStandby(Duration.ofSeconds(60)), "a new standby waits for the next restart");
            System.out.println("warm restart of the emulator: " + emulator.lastStart().orElseThrow().took().toMillis() + " ms to ready");
        }
    }

    private static int sshPort(Path inventory) throws Exception {
        return new YAMLMapper().readTree(inventory.toFile()).get("routers").get(0).get("sshPort").asInt();
    }

    /** The demo inventory's first router alone, on a free SSH port, without SNMP. */
    private static Path oneRouter(Path work) throws Exception {
        YAMLMapper yaml = new YAMLMapper();
        JsonNode tree = yaml.readTree(Path.of("../../deploy/emulator/demo-routers.yaml").toFile());
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ObjectNode router = (ObjectNode) tree.get("routers").get(0);
        router.put("sshPort", port);
        router.put("snmpPort", -1);
        ((ArrayNode) tree.get("routers")).removeAll();
        ((ArrayNode) tree.get("routers")).add(router);
        Path inventory = work.resolve("one-router.yaml");
        yaml.writeValue(inventory.toFile(), tree);
        return inventory;
    }
}
