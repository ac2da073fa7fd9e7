package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import org.crs.domain.traffic.TrafficRetention;
import org.crs.nsap.activation.SnmpCounterReader;
import org.crs.nsap.service.TrafficLab;
import org.crs.nsap.service.TrafficPorts;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.Test;

/**
 * The utilisation operation end to end: a server that polls (its sweep, over SNMP to an
 * emulated 12000) answers a segment's samples over raw SOAP; and who owns a segment.
 */
class UtilisationSoapTest {

    @Test
    void aPollingServerAnswersASegmentsSamplesOverSoap() throws Exception {
        try (TrafficLab lab = new TrafficLab(1, false)) {
            lab.configure(0);
            NsapServerConfig.Traffic settings = new NsapServerConfig.Traffic(true, Duration.ofSeconds(1),
                    TrafficPorts.DEFAULT, TrafficRetention.DEFAULT, 2);
            try (NsapServer server = NsapServer.start(new ServerConfig("nsap-utilisation",
                            "jdbc:hsqldb:mem:utilisation-" + System.nanoTime(), "SA", "", "127.0.0.1", 0, false),
                    lab.planner(), (store, locks) -> NoRouters.INSTANCE, Clock.systemUTC(), NsapServer.Upkeep.defaults(),
                    Optional.empty(), Optional.of(new NsapServer.Traffic(new SnmpCounterReader(lab.routers()), settings)))) {
                RawSoap soap = new RawSoap(server.serviceUrl());
                String id = TrafficLab.bookingId(0);
                Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
                soap.call("holdAndCommit", "<n:holdAndCommit><n:request><n:bandwidthMbps>1</n:bandwidthMbps><n:bookingId>" + id
                        + "</n:bookingId><n:destination>y</n:destination><n:destinationVlan>0</n:destinationVlan><n:end>"
                        + now.plus(Duration.ofHours(1)) + "</n:end><n:source>x</n:source><n:sourceVlan>0</n:sourceVlan><n:start>"
                        + now.minusSeconds(1) + "</n:start></n:request></n:holdAndCommit>");
                assertTrue(soap.call("activate", "<n:activate><n:bookingId>" + id + "</n:bookingId></n:activate>")
                        .contains(">ACTIVE<"));
                String range = "<n:from>" + now.minusSeconds(60) + "</n:from><n:to>" + now.plusSeconds(60) + "</n:to>";
                String answer = "";
                for (int i = 0; i < 100 && !answer.contains("inBitsPerSecond"); i++) {
                    Thread.sleep(100);
                    answer = soap.call("utilisation", "<n:utilisation><n:bookingId>" + id + "</n:bookingId>" + range
                            + "</n:utilisation>");
                }
                assertEquals("1", RawSoap.field(answer, "resolutionSeconds"), answer);
                double in = Double.parseDouble(RawSoap.field(answer, "inBitsPerSecond"));
                assertEquals(TrafficLab.POLICED_BPS, in, TrafficLab.POLICED_BPS * 0.05, answer);
                assertEquals(1, server.traffic().latestRates(Duration.ofMinutes(1)).size());

                String unknown = soap.call("utilisation", "<n:utilisation><n:bookingId>site-a:none:wan</n:bookingId>"
                        + range + "</n:utilisation>");
                assertTrue(unknown.contains("BAD_FIELD") && unknown.contains("bookingId"), unknown);
            }
        }
    }
}
