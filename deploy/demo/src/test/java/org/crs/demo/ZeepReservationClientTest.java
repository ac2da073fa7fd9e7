package org.crs.demo;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.crs.bar.server.BarServer;
import org.junit.jupiter.api.Test;
import org.crs.bar.reservation.BarSettings;

/**
 * Python's zeep, reading only the WSDL site-a's BAR serves, books a circuit from site-a to
 * site-b across a whole federation (file HSQLDBs, emulated routers), reads it back, finds it in
 * the list and cancels it. deploy/install-test-tools.sh installs zeep.
 */
class ZeepReservationClientTest {

    @Test
    void zeepBooksReadsListsAndCancelsACrossSiteReservation() throws Exception {
        Path data = Files.createTempDirectory("crs-zeep-federation");
        try (Federation federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, BarSettings.defaults(), Duration.ofSeconds(10),
                Clock.systemUTC()))) {
            BarServer bar = federation.bar("site-a");
            ProcessBuilder pb = new ProcessBuilder(System.getProperty("crs.python", "python3"),
                    "src/test/python/zeep_bar_reservation.py", bar.wsdlUrl().toString(), "zeep-1", "40")
                    .redirectErrorStream(true);
            pb.environment().put("CRS_USER", "alice");
            pb.environment().put("CRS_PASSWORD", DemoAccounts.password("alice"));
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new AssertionError("python could not be run; install the test tools with deploy/install-test-tools.sh", e);
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("zeep did not finish: " + out);
            }
            System.out.println(out);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("cancelReservation CANCELLED") && out.endsWith("ok\n"), out);
            assertEquals(List.of("REQUESTED", "HELD", "RESERVED", "CANCELLED"),
                    bar.service().history(ITSELF, "zeep-1").stream().map(t -> t.to().name()).toList());
            assertTrue(bar.store().find("zeep-1-bad").isEmpty(), "the refused request was stored");
        }
    }

    /** A client generated from the WSDL need not send the optional elements: holdOnly, description, a kept bandwidth. */
    @Test
    void zeepSendingOnlyTheRequiredElementsBooksModifiesAndCancelsACircuit() throws Exception {
        Path data = Files.createTempDirectory("crs-zeep-required");
        try (Federation federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, BarSettings.defaults(), Duration.ofSeconds(10),
                Clock.systemUTC()))) {
            BarServer bar = federation.bar("site-a");
            String out = runPython("src/test/python/zeep_bar_required_only.py", bar.wsdlUrl().toString(), "zeep-required", "41");
            assertTrue(out.endsWith("ok\n"), out);
            assertEquals(List.of("REQUESTED", "HELD", "RESERVED", "RESERVED", "CANCELLED"),
                    bar.service().history(ITSELF, "zeep-required").stream().map(t -> t.to().name()).toList());
        }
    }

    private static String runPython(String script, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(System.getProperty("crs.python", "python3"), script));
        command.addAll(List.of(args));
        Process p;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("CRS_USER", "alice");
            builder.environment().put("CRS_PASSWORD", DemoAccounts.password("alice"));
            p = builder.start();
        } catch (IOException e) {
            throw new AssertionError("python could not be run; install the test tools with deploy/install-test-tools.sh", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("zeep did not finish: " + out);
        }
        System.out.println(out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
