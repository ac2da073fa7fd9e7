package org.crs.demo.nsi;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiRequester;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.nsi.Stp;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.campus.CampusPlanner;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.server.NsapServer;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A circuit from a host of site-a to a host of another network booked over NSI, end to end on
 * this site: site-a's BAR, its L-NSAP over SOAP and the emulated Cisco 7600 edge-a over its SSH
 * CLI are real; the far network is a small NSI provider ({@link FarNetworkPeer}) that chooses a
 * VLAN of the hand-off's range. The hand-off trunk carries the VLAN the far network chose, from
 * the start to the end of the circuit.
 */
class FarNetworkOnTheHandOffTest {

    static final String HAND_OFF_TRUNK = """
                  interface TenGigabitEthernet2/2
                   description hand-off to domain-c
                   switchport
                   switchport trunk encapsulation dot1q
                   switchport trunk allowed vlan none
                   switchport mode trunk
                   no shutdown
            """;
    static final String HAND_OFFS = """
            handOffs:
              - {name: to-domain-c, router: edge-a, trunk: TenGigabitEthernet2/2, capacityMbps: 2000, vlans: {first: 3000, last: 3009}}
            """;

    /** The demo's site-a campus with this test's hand-off (a narrower range) in place of its own. */
    static String siteAWithHandOff() throws java.io.IOException {
        String demo = Files.readString(Path.of("../topology/site-a-campus.yaml"));
        return demo.substring(0, demo.indexOf("\nhandOffs:") + 1) + HAND_OFFS;
    }

    final FarNetworkPeer farNetwork = new FarNetworkPeer();
    RouterEmulator emulator;
    DriverActivator activator;
    NsapServer lnsap;
    BarServer bar;

    @BeforeEach
    void start() throws Exception {
        String demo = Files.readString(Path.of("../emulator/demo-routers.yaml"));
        assertTrue(demo.contains(HAND_OFF_TRUNK), "the demo's edge-a has the hand-off trunk");
        emulator = RouterEmulator.start(Inventory.parse(demo).withAnyPorts());
        RouterDirectory directory = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        lnsap = NsapServer.start(new ServerConfig("lnsap-site-a", "jdbc:hsqldb:mem:lnsap-far-" + System.nanoTime(), "SA", "",
                        "127.0.0.1", 0, false),
                new CampusPlanner(CampusTopologyFile.parse(siteAWithHandOff())),
                store -> activator = new DriverActivator(directory, store), Clock.systemUTC());
        Duration timeout = Duration.ofSeconds(10);
        Site site = new Site("site-a", new SoapSegmentController("lnsap-site-a", lnsap.serviceUrl(), NsapContract.NAMESPACE,
                timeout), new SoapSegmentController("nsap", nowhere(), NsapContract.NAMESPACE, timeout), Map.of());
        FarProvider provider = new FarProvider("domain-c", FarNetworkPeer.NSA, farNetwork.providerUrl(),
                FarNetworkPeer.NETWORK, "to-domain-c", Stp.parse(FarNetworkPeer.NETWORK + ":to-site-a?vlan=3000-3009"),
                Optional.empty(), timeout, Duration.ofSeconds(1), timeout);
        bar = BarServer.start(new ServerConfig("bar-site-a", "jdbc:hsqldb:mem:bar-far-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), site, BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)),
                Clock.systemUTC(), BarServer.Options.defaults("bar-site-a").withOwned(site).withNsiRequester(Optional.of(
                        new NsiRequester("urn:ogf:network:site-a.crs.example:2026:nsa", List.of(provider), Optional.empty(),
                                Optional.empty()))));
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {bar, lnsap, activator, emulator, farNetwork}) {
            if (c != null) {
                c.close();
            }
        }
    }

    static URI nowhere() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort() + "/services/NsapService");
        }
    }

    Reservation awaitState(String id, ReservationState state, Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        Reservation r = bar.service().get(ITSELF, id);
        while (r.state() != state && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            r = bar.service().get(ITSELF, id);
        }
        assertEquals(state, r.state(), r.reason());
        return r;
    }

    @Test
    void theHandOffTrunkCarriesTheVlanTheFarNetworkChoseWhileTheCircuitIsUp() throws Exception {
        farNetwork.chooseVlan = 3007;
        String before = emulator.router("edge-a").runningConfig();
        Instant start = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);

        Reservation booked = bar.service().create(TestCallers.user("alice"), new ReservationRequest("r1",
                Endpoint.parse("site-a:host-a2"), Endpoint.parse("domain-c:host-c1"), 200,
                new TimeInterval(start, start.plusSeconds(4)), "to domain-c", false));

        assertEquals(ReservationState.RESERVED, booked.state(), booked.reason());
        assertEquals(3007, booked.segment(SegmentRole.LOCAL_CAMPUS).destinationVlan(), "held on the far network's VLAN");
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(20));
        String up = emulator.router("edge-a").runningConfig();
        assertTrue(up.contains("interface TenGigabitEthernet2/2\n description hand-off to domain-c\n switchport\n"
                + " switchport trunk encapsulation dot1q\n switchport trunk allowed vlan 3007\n"), up);
        assertTrue(up.contains(" switchport access vlan 3007\n"), up);

        awaitState("r1", ReservationState.FINISHED, Duration.ofSeconds(30));
        assertEquals(before, emulator.router("edge-a").runningConfig(), "taken off edge-a at the end");
    }
    @Test
    void aModifyChangesTheCampusAndTheFarNetworkTogether() throws Exception {
        Instant start = Instant.now().plusSeconds(600).truncatedTo(ChronoUnit.MILLIS);
        Reservation booked = bar.service().create(TestCallers.user("alice"), new ReservationRequest("r1",
                Endpoint.parse("site-a:host-a2"), Endpoint.parse("domain-c:host-c1"), 200,
                new TimeInterval(start, start.plusSeconds(60)), "to domain-c", false));
        assertEquals(ReservationState.RESERVED, booked.state(), booked.reason());
        String connection = farNetwork.connectionOf("urn:crs:booking:site-a:r1:far").orElseThrow();

        Reservation modified = bar.service().modify(TestCallers.user("alice"), "r1", start.plusSeconds(120), 400);

        assertEquals(List.of(400L, 400L), List.of(modified.request().bandwidthMbps(),
                farNetwork.criteria(connection).p2ps().orElseThrow().capacityMbps()));
        assertEquals(Optional.of(2), farNetwork.criteria(connection).version());
        assertEquals(ReservationState.RESERVED, modified.state());
    }

    @Test
    void aModifyTheFarNetworkDoesNotImplementLeavesTheCampusAsItWas() throws Exception {
        farNetwork.modifyMode = FarNetworkPeer.ModifyMode.NOT_IMPLEMENTED;
        Instant start = Instant.now().plusSeconds(600).truncatedTo(ChronoUnit.MILLIS);
        bar.service().create(TestCallers.user("alice"), new ReservationRequest("r1", Endpoint.parse("site-a:host-a2"),
                Endpoint.parse("domain-c:host-c1"), 200, new TimeInterval(start, start.plusSeconds(60)), "to domain-c",
                false));

        ChangeRefused refused = assertThrows(ChangeRefused.class, () -> bar.service().modify(TestCallers.user("alice"),
                "r1", start.plusSeconds(120), 400));

        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, refused.refusal().code());
        Reservation now = bar.service().get(ITSELF, "r1");
        assertEquals(200, now.request().bandwidthMbps());
        // the campus's held change was dropped: the same change can be held and committed there again
        farNetwork.modifyMode = FarNetworkPeer.ModifyMode.CONFIRM;
        assertEquals(400, bar.service().modify(TestCallers.user("alice"), "r1", start.plusSeconds(120), 400)
                .request().bandwidthMbps());
    }
}
