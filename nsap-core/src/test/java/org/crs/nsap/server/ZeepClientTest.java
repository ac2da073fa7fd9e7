package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.crs.domain.access.Caller;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.junit.jupiter.api.Test;
import org.crs.service.server.ServerConfig;

/**
 * Python's zeep, reading only the served WSDL, takes a booking through check, hold, commit,
 * activate, status and deactivate. deploy/install-test-tools.sh installs zeep.
 */
class ZeepClientTest {

    @Test
    void zeepDrivesABookingThroughItsLife() throws Exception {
        try (NsapServer server = NsapServer.start(new ServerConfig("nsap-zeep", "jdbc:hsqldb:mem:zeep", "SA", "",
                "127.0.0.1", 0, false), new OneLinkPlanner(), store -> NoRouters.INSTANCE,
                Clock.systemUTC())) {
            ProcessBuilder pb = new ProcessBuilder(System.getProperty("crs.python", "python3"),
                    "src/test/python/zeep_nsap_lifecycle.py", server.wsdlUrl().toString(), "x", "y", "100", "zeep-1")
                    .redirectErrorStream(true);
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
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("deactivate RELEASED"), out);
            assertEquals(List.of("HELD", "COMMITTED", "ACTIVATING", "ACTIVE", "DEACTIVATING", "RELEASED"),
                    server.service().history("zeep-1", new Caller.Process("test")).stream().map(t -> t.to().name()).toList());
        }
    }
}
