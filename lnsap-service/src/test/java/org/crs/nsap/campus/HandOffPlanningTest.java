package org.crs.nsap.campus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanRange;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.InMemoryCalendars;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Campus segments between a host and a hand-off port (a trunk to another network domain). */
class HandOffPlanningTest {

    /** The demo's site-a campus with one hand-off on edge-a, as docs/topology.md writes it. */
    static final String HAND_OFFS = """
            handOffs:
              - {name: to-domain-c, router: edge-a, trunk: TenGigabitEthernet2/2, capacityMbps: 2000, vlans: {first: 3000, last: 3009}}
            """;
    private static final String HOST_PORT = "edge-a:GigabitEthernet1/1";
    private static final String TRUNK = "edge-a:TenGigabitEthernet2/2";
    private static final TimeInterval INTERVAL = new TimeInterval(Instant.parse("2030-01-01T10:00:00Z"),
            Instant.parse("2030-01-01T12:00:00Z"));

    private CampusPlanner planner;
    private InMemoryCalendars calendars;

    /** The demo's site-a campus with this test's hand-off (a narrower range) in place of its own. */
    static String siteAWithHandOff() throws IOException {
        String demo = Files.readString(Path.of("../deploy/topology/site-a-campus.yaml"));
        return demo.substring(0, demo.indexOf("\nhandOffs:") + 1) + HAND_OFFS;
    }

    @BeforeEach
    void setUp() throws IOException {
        planner = new CampusPlanner(CampusTopologyFile.parse(siteAWithHandOff()));
        calendars = new InMemoryCalendars();
    }

    @Test
    void theHandOffIsAnEndpointAndItsTrunkAResource() {
        assertEquals(List.of("host-a1", "host-a2", "host-a3", "host-a4", "site-a", "to-domain-c"), planner.endpoints());
        assertEquals(new Resource(TRUNK, Resource.HAND_OFF, 2000), planner.resources().get(5));
    }

    @Test
    void aHostToTheHandOffTakesTheLowestFreeVlanOfItsRange() throws PlanRefused {
        calendars.useVlan(TRUNK, 3000, INTERVAL);

        Plan plan = planner.plan(request("host-a1", "to-domain-c", 500, 0, 0), calendars);

        assertAll(
                () -> assertEquals(List.of(new ResourceUse(new Resource(HOST_PORT, Resource.HOST_PORT, 1000), 500, 3001),
                        new ResourceUse(new Resource(TRUNK, Resource.HAND_OFF, 2000), 500, 3001)), plan.uses()),
                () -> assertEquals(3001, plan.sourceVlan()),
                () -> assertEquals(3001, plan.destinationVlan()),
                () -> assertEquals(List.of(new RouterPart.Vlan("edge-a", 3001, "GigabitEthernet1/1", "TenGigabitEthernet2/2")),
                        plan.routerParts()));
    }

    @Test
    void theVlanFixedOnTheHandOffsSideIsTaken() throws PlanRefused {
        Plan toHandOff = planner.plan(request("host-a1", "to-domain-c", 100, 0, 3007), calendars);
        Plan fromHandOff = planner.plan(request("to-domain-c", "host-a2", 100, 3005, 0), calendars);

        assertEquals(3007, toHandOff.destinationVlan());
        assertEquals(new RouterPart.Vlan("edge-a", 3005, "GigabitEthernet1/2", "TenGigabitEthernet2/2"),
                fromHandOff.routerParts().get(0));
        assertEquals(3005, fromHandOff.sourceVlan());
    }

    @Test
    void aFixedVlanTakenOnTheTrunkDuringPartOfTheIntervalIsVlanUnavailableOnTheTrunk() {
        calendars.useVlan(TRUNK, 3007, new TimeInterval(Instant.parse("2030-01-01T11:59:00Z"),
                Instant.parse("2030-01-01T13:00:00Z")));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "to-domain-c", 100, 0, 3007), calendars));

        assertRefusal(RefusalCode.VLAN_UNAVAILABLE, TRUNK, refused);
    }

    @Test
    void noFreeVlanLeftInTheRangeIsVlanUnavailableOnTheTrunk() {
        for (int vlan = 3000; vlan <= 3009; vlan++) {
            calendars.useVlan(TRUNK, vlan, INTERVAL);
        }

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("to-domain-c", "host-a3", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.VLAN_UNAVAILABLE, TRUNK, refused);
    }

    @Test
    void aVlanOutsideTheHandOffsRangeIsABadFieldOnTheHandOffsSide() {
        PlanRefused toHandOff = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "to-domain-c", 100, 0, 1500), calendars));
        PlanRefused fromHandOff = assertThrows(PlanRefused.class,
                () -> planner.plan(request("to-domain-c", "host-a1", 100, 3010, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destinationVlan", toHandOff);
        assertRefusal(RefusalCode.BAD_FIELD, "sourceVlan", fromHandOff);
    }

    @Test
    void bandwidthBeyondTheTrunksIsNoCapacityOnTheTrunk() {
        calendars.book(TRUNK, INTERVAL, 1600);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "to-domain-c", 500, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, TRUNK, refused);
    }

    @Test
    void aHostPortCarryingAnotherCircuitIsBusy() {
        calendars.useVlan(HOST_PORT, 1000, INTERVAL);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "to-domain-c", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.HOST_PORT_BUSY, HOST_PORT, refused);
    }

    @Test
    void theSiteIsNoEndOfAHandOffSegment() {
        PlanRefused fromSite = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "to-domain-c", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "source", fromSite);
    }

    @Test
    void twoHandOffsOrAHostOfAnotherEdgeRouterAreNoPath() throws IOException {
        CampusTopology a = CampusTopologyFile.parse(siteAWithHandOff());
        List<HostPort> hosts = new ArrayList<>(a.hostPorts());
        hosts.add(new HostPort("host-b9", "edge-b", "GigabitEthernet1/1", 1000));
        List<Uplink> uplinks = new ArrayList<>(a.uplinks());
        uplinks.add(new Uplink("edge-b", "TenGigabitEthernet2/1", "site-a", 10000));
        List<HandOff> handOffs = new ArrayList<>(a.handOffs());
        handOffs.add(new HandOff("to-domain-d", "edge-a", "TenGigabitEthernet2/3", 1000, new VlanRange(3100, 3199)));
        CampusPlanner wider = new CampusPlanner(new CampusTopology(a.site(), List.of(new EdgeRouter("edge-a"),
                new EdgeRouter("edge-b")), hosts, uplinks, a.vlans(), handOffs));

        PlanRefused transit = assertThrows(PlanRefused.class,
                () -> wider.plan(request("to-domain-c", "to-domain-d", 100, 0, 0), calendars));
        PlanRefused otherRouter = assertThrows(PlanRefused.class,
                () -> wider.plan(request("host-b9", "to-domain-c", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_PATH, "destination", transit);
        assertRefusal(RefusalCode.NO_PATH, "destination", otherRouter);
    }

    @Test
    void availabilityNeedsTheTrunksBandwidthAndAFreeVlanOfItsRange() throws PlanRefused {
        SlotQuery query = new SlotQuery(100, Duration.ofHours(2), Instant.parse("2030-01-01T08:00:00Z"),
                Instant.parse("2030-01-01T14:00:00Z"));
        for (int vlan = 3000; vlan <= 3009; vlan++) {
            calendars.useVlan(TRUNK, vlan, new TimeInterval(Instant.parse("2030-01-01T08:00:00Z"),
                    Instant.parse("2030-01-01T11:00:00Z")));
        }

        assertEquals(StartTimes.between(Instant.parse("2030-01-01T11:00:00Z"), Instant.parse("2030-01-01T14:00:00Z")),
                planner.availability("host-a1", "to-domain-c", query, calendars));
    }

    private static SegmentRequest request(String source, String destination, long mbps, int sourceVlan,
                                          int destinationVlan) {
        return new SegmentRequest("booking-1", source, destination, mbps, INTERVAL, sourceVlan, destinationVlan);
    }

    private static void assertRefusal(RefusalCode code, String subject, PlanRefused refused) {
        assertEquals(code, refused.refusal().code(), refused.getMessage());
        assertEquals(subject, refused.refusal().subject(), refused.getMessage());
    }
}
