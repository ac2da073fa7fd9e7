package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.server.BarServer;
import org.crs.domain.access.Caller;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.port.DeviceLogStore.DeviceLogRecord;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.dryrun.DryRunDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo federation with {@code --dry-run-routers}: no emulator, every router on the dry-run
 * driver. A cross-site booking made over SOAP as the demo's alice goes RESERVED, ACTIVE and
 * FINISHED, and each controller's device log holds the commands its routers would have received,
 * marked as not sent.
 */
class DryRunFederationTest {

    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2))
            .withSetUpLead(Duration.ofMillis(1500));
    static Federation federation;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-dry-run");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, SETTINGS, Duration.ofSeconds(3), Clock.systemUTC(),
                FederationRouters.dryRun(null)));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    @Test
    void theFederationStartsWithoutAnEmulator() {
        assertNull(federation.emulator());
    }

    @Test
    void aCrossSiteBookingGoesReservedActiveFinishedWithTheWouldBeCommandsInTheDeviceLogs() throws Exception {
        Instant start = Instant.now().plusSeconds(6).truncatedTo(ChronoUnit.MILLIS);
        String answer = new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE)
                .as("alice", DemoAccounts.password("alice"))
                .call("createReservation", "<n:createReservation><n:requestId>dry-1</n:requestId>"
                        + "<n:source>site-a:host-a1</n:source><n:destination>site-b:host-b1</n:destination>"
                        + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                        + start.plusSeconds(3) + "</n:end><n:description>dry run</n:description>"
                        + "<n:holdOnly>false</n:holdOnly></n:createReservation>");
        assertTrue(answer.contains("createReservationResponse"), answer);
        // The reservation's own state, not one of its segments'.
        assertEquals("RESERVED", RawSoap.field(answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", ""),
                "state"), answer);

        BarServer bar = federation.bar("site-a");
        Reservation up = ApprovalFederationTest.waitFor(bar, "dry-1",
                Set.of(ReservationState.ACTIVE, ReservationState.FAILED), Duration.between(Instant.now(), start).plusSeconds(3));
        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        Reservation down = ApprovalFederationTest.waitFor(bar, "dry-1",
                Set.of(ReservationState.FINISHED, ReservationState.FAILED), Duration.ofSeconds(12));
        assertEquals(ReservationState.FINISHED, down.state(), down.reason());

        Map<String, NsapServer> controllers = new LinkedHashMap<>();
        controllers.put("edge-a", federation.lnsap("site-a"));
        controllers.put("core-1", federation.nsap());
        controllers.put("edge-b", federation.lnsap("site-b"));
        for (Map.Entry<String, NsapServer> c : controllers.entrySet()) {
            List<DeviceLogEntry> entries = c.getValue().service().deviceLog(null, 1000, new Caller.Process("test")).stream()
                    .map(DeviceLogRecord::entry).filter(e -> e.router().equals(c.getKey())).toList();
            assertTrue(entries.stream().anyMatch(e -> e.request().startsWith("policy-map LP-")), c.getKey() + ": "
                    + entries);
            assertTrue(entries.stream().anyMatch(e -> e.request().startsWith("no policy-map LP-")), c.getKey() + ": "
                    + entries);
            assertTrue(entries.stream().allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.DRY_RUN
                    && e.response().equals(DryRunDriver.NOT_SENT)), c.getKey() + ": " + entries);
        }
    }
}
