package org.crs.nsap.campus;

import org.crs.nsap.contract.topology.CampusTopologyFile;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import org.crs.domain.admission.Resource;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CampusTopology;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.InMemoryCalendars;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CampusPlannerTest {

    private static final Path SITE_A = Path.of("../deploy/topology/site-a-campus.yaml");
    private static final String HOST_PORT = "edge-a:GigabitEthernet1/1";
    private static final String HOST_PORT_2 = "edge-a:GigabitEthernet1/2";
    private static final String UPLINK = "edge-a:TenGigabitEthernet2/1";
    private static final TimeInterval INTERVAL = interval("2030-01-01T10:00:00Z", "2030-01-01T12:00:00Z");

    private CampusPlanner planner;
    private InMemoryCalendars calendars;

    @BeforeEach
    void setUp() throws IOException {
        planner = new CampusPlanner(CampusTopologyFile.load(SITE_A));
        calendars = new InMemoryCalendars();
    }

    @Test
    void offersEveryHostPortAndUplinkAsResources() {
        List<Resource> resources = planner.resources();

        assertEquals(List.of("edge-a:GigabitEthernet1/1", "edge-a:GigabitEthernet1/2", "edge-a:GigabitEthernet1/3",
                "edge-a:GigabitEthernet1/4", UPLINK, "edge-a:TenGigabitEthernet2/2"), resources.stream().map(Resource::id).toList());
        assertEquals(new Resource(UPLINK, Resource.UPLINK, 10000), resources.get(4));
        assertEquals(Resource.HOST_PORT, resources.get(0).kind());
    }

    @Test
    void offersEveryHostTheSiteAndTheHandOffAsEndpoints() {
        assertEquals(List.of("host-a1", "host-a2", "host-a3", "host-a4", "site-a", "to-domain-c"), planner.endpoints());
    }

    @Test
    void planPicksTheHostPortTheUplinkAndTheLowestFreeVlan() throws PlanRefused {
        Plan plan = planner.plan(request("host-a1", "site-a", 500, 0, 0), calendars);

        assertAll(
                () -> assertEquals(List.of(new ResourceUse(new Resource(HOST_PORT, Resource.HOST_PORT, 1000), 500, 1000),
                        new ResourceUse(new Resource(UPLINK, Resource.UPLINK, 10000), 500, 1000)), plan.uses()),
                () -> assertEquals(1000, plan.sourceVlan()),
                () -> assertEquals(1000, plan.destinationVlan()),
                () -> assertEquals(List.of(new RouterPart.Vlan("edge-a", 1000, "GigabitEthernet1/1", "TenGigabitEthernet2/1")),
                        plan.routerParts()),
                () -> assertEquals("host-a1 on edge-a GigabitEthernet1/1, VLAN 1000 on uplink TenGigabitEthernet2/1",
                        plan.description()));
    }

    @Test
    void lowestFreeVlanSkipsVlansInUseAndIosReservedOnes() throws PlanRefused {
        calendars.useVlan(UPLINK, 1000, INTERVAL).useVlan(UPLINK, 1001, INTERVAL);

        Plan plan = planner.plan(request("host-a1", "site-a", 100, 0, 0), calendars);

        assertEquals(1006, plan.destinationVlan()); // 1002-1005 are IOS's own
    }

    @Test
    void vlanUsedByABookingThatEndsWhenTheIntervalStartsIsFree() throws PlanRefused {
        calendars.useVlan(UPLINK, 1000, interval("2030-01-01T08:00:00Z", "2030-01-01T10:00:00Z"));

        assertEquals(1000, planner.plan(request("host-a1", "site-a", 100, 0, 0), calendars).destinationVlan());
    }

    @Test
    void planHonoursTheRequestedHandOffVlan() throws PlanRefused {
        calendars.useVlan(UPLINK, 1000, INTERVAL);

        Plan plan = planner.plan(request("host-a2", "site-a", 100, 0, 1234), calendars);

        assertEquals(1234, plan.sourceVlan());
        assertEquals(1234, plan.destinationVlan());
        assertEquals(new RouterPart.Vlan("edge-a", 1234, "GigabitEthernet1/2", "TenGigabitEthernet2/1"),
                plan.routerParts().get(0));
        assertEquals(1234, plan.uses().get(1).vlan());
    }

    @Test
    void planFromTheSiteToAHostTakesTheHandOffVlanAtTheSource() throws PlanRefused {
        Plan plan = planner.plan(request("site-a", "host-a3", 100, 1500, 0), calendars);

        assertEquals(1500, plan.sourceVlan());
        assertEquals(1500, plan.destinationVlan());
        assertEquals(new RouterPart.Vlan("edge-a", 1500, "GigabitEthernet1/3", "TenGigabitEthernet2/1"),
                plan.routerParts().get(0));
    }

    @Test
    void refusesAVlanInUseOnTheUplinkAsVlanUnavailableNamingTheUplinkAndTheVlan() {
        calendars.useVlan(UPLINK, 1234, interval("2030-01-01T11:00:00Z", "2030-01-01T13:00:00Z"));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 100, 0, 1234), calendars));

        assertRefusal(RefusalCode.VLAN_UNAVAILABLE, UPLINK, refused);
        assertTrue(refused.getMessage().contains("VLAN 1234"), refused.getMessage());
        assertTrue(refused.getMessage().contains("uplink " + UPLINK), refused.getMessage());
    }

    @Test
    void refusesAVlanOutOfTheCampusRangeNamingTheFieldTheUplinkAndTheVlan() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 100, 0, 500), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destinationVlan", refused);
        assertTrue(refused.getMessage().contains("VLAN 500"), refused.getMessage());
        assertTrue(refused.getMessage().contains("uplink " + UPLINK), refused.getMessage());
        assertTrue(refused.getMessage().contains("1000-1999"), refused.getMessage());
    }

    @Test
    void refusesAnIosReservedVlan() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 100, 0, 1003), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destinationVlan", refused);
    }

    @Test
    void refusesDifferentVlansAtTheTwoEnds() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 100, 1100, 1200), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "sourceVlan", refused);
    }

    @Test
    void refusesWhenTheHostPortIsFullAsNoCapacityNamingIt() {
        calendars.book(HOST_PORT, interval("2030-01-01T11:00:00Z", "2030-01-01T11:30:00Z"), 800);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 500, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, HOST_PORT, refused);
        assertEquals("host port " + HOST_PORT + " has 1000 Mbit/s, 800 booked over " + INTERVAL + ", 500 requested",
                refused.getMessage());
    }

    @Test
    void refusesWhenTheUplinkIsFullAsNoCapacityNamingIt() {
        calendars.book(UPLINK, INTERVAL, 9800);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 500, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, UPLINK, refused);
    }

    @Test
    void refusesAHostPortUnderMaintenanceAsMaintenance() {
        calendars.maintenance(HOST_PORT, interval("2030-01-01T11:59:00Z", "2030-01-01T13:00:00Z"));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 1, 0, 0), calendars));

        assertRefusal(RefusalCode.MAINTENANCE, HOST_PORT, refused);
    }

    @Test
    void refusesASecondCircuitOnABusyHostPortAsHostPortBusyWhateverTheBandwidthLeft() {
        calendars.book(HOST_PORT, INTERVAL, 100).useVlan(HOST_PORT, 1000, INTERVAL).useVlan(UPLINK, 1000, INTERVAL);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-a", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.HOST_PORT_BUSY, HOST_PORT, refused);
    }

    @Test
    void refusesAnUnknownHostNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-z9", "site-a", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "source", refused);
        assertTrue(refused.getMessage().contains("host-z9"), refused.getMessage());
    }

    @Test
    void refusesAnUnknownHostAsDestinationNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "host-z9", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
    }

    @Test
    void refusesAnotherSiteAsDestination() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "site-b", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
    }

    // --- two hosts of the site -------------------------------------------------------------------

    @Test
    void hostToHostJoinsBothPortsOfTheEdgeRouterOnTheLowestFreeVlan() throws PlanRefused {
        Plan plan = planner.plan(request("host-a1", "host-a2", 200, 0, 0), calendars);

        assertAll(
                () -> assertEquals(List.of(new ResourceUse(new Resource(HOST_PORT, Resource.HOST_PORT, 1000), 200, 1000),
                        new ResourceUse(new Resource(HOST_PORT_2, Resource.HOST_PORT, 1000), 200, 1000),
                        new ResourceUse(new Resource(UPLINK, Resource.UPLINK, 10000), 0, 1000)), plan.uses()),
                () -> assertEquals(1000, plan.sourceVlan()),
                () -> assertEquals(1000, plan.destinationVlan()),
                () -> assertEquals(List.of(new RouterPart.HostPair("edge-a", 1000, "GigabitEthernet1/1",
                        "GigabitEthernet1/2")), plan.routerParts()),
                () -> assertEquals("host-a1 (GigabitEthernet1/1) to host-a2 (GigabitEthernet1/2) on edge-a, VLAN 1000",
                        plan.description()));
    }

    @Test
    void hostToHostSkipsVlansThatCircuitsToTheSiteUseOnTheRouter() throws PlanRefused {
        calendars.useVlan(UPLINK, 1000, INTERVAL);

        Plan plan = planner.plan(request("host-a1", "host-a2", 100, 0, 0), calendars);

        assertEquals(1001, plan.sourceVlan());
    }

    @Test
    void hostToHostHonoursARequestedVlanAtEitherEnd() throws PlanRefused {
        Plan atSource = planner.plan(request("host-a3", "host-a4", 100, 1500, 0), calendars);
        Plan atBoth = planner.plan(request("host-a3", "host-a4", 100, 1600, 1600), calendars);

        assertEquals(new RouterPart.HostPair("edge-a", 1500, "GigabitEthernet1/3", "GigabitEthernet1/4"),
                atSource.routerParts().get(0));
        assertEquals(1600, atBoth.destinationVlan());
    }

    @Test
    void hostToHostRefusesARequestedVlanInUseOnTheRoutersUplinkAsVlanUnavailable() {
        calendars.useVlan(UPLINK, 1500, INTERVAL);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a2", 100, 0, 1500), calendars));

        assertRefusal(RefusalCode.VLAN_UNAVAILABLE, UPLINK, refused);
        assertTrue(refused.getMessage().contains("VLAN 1500"), refused.getMessage());
    }

    @Test
    void hostToHostRefusesDifferentVlansAtTheTwoEnds() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a2", 100, 1100, 1200), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destinationVlan", refused);
    }

    @Test
    void hostToHostRefusesAVlanOutOfTheCampusRange() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a2", 100, 500, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "sourceVlan", refused);
        assertTrue(refused.getMessage().contains("1000-1999"), refused.getMessage());
    }

    @Test
    void hostToHostRefusesWhenTheDestinationPortIsFullNamingIt() {
        calendars.book(HOST_PORT_2, INTERVAL, 900);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a2", 200, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, HOST_PORT_2, refused);
    }

    @Test
    void hostToHostRefusesAHostPortThatCarriesAnotherCircuitAsHostPortBusy() {
        calendars.book(HOST_PORT_2, INTERVAL, 10).useVlan(HOST_PORT_2, 1000, INTERVAL).useVlan(UPLINK, 1000, INTERVAL);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a2", 10, 0, 0), calendars));

        assertRefusal(RefusalCode.HOST_PORT_BUSY, HOST_PORT_2, refused);
    }

    @Test
    void hostToHostRefusesTheSameHostAtBothEnds() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-a1", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
    }

    @Test
    void hostToHostRefusesAnUnknownDestinationHost() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("host-a1", "host-z9", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
        assertTrue(refused.getMessage().contains("host-z9"), refused.getMessage());
    }

    @Test
    void hostToHostRefusesHostsOfDifferentEdgeRoutersAsNoPathNamingDestination() {
        CampusPlanner twoRouters = new CampusPlanner(CampusTopologyFile.parse("""
                site: site-a
                edgeRouters: [{name: edge-a}, {name: edge-x}]
                hostPorts:
                  - {host: host-a1, router: edge-a, interface: GigabitEthernet1/1, capacityMbps: 1000}
                  - {host: host-x1, router: edge-x, interface: GigabitEthernet1/1, capacityMbps: 1000}
                uplinks:
                  - {router: edge-a, trunk: TenGigabitEthernet2/1, accessPoint: site-a, capacityMbps: 10000}
                  - {router: edge-x, trunk: TenGigabitEthernet2/1, accessPoint: site-a, capacityMbps: 10000}
                vlans: {first: 1000, last: 1999}
                """));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> twoRouters.plan(request("host-a1", "host-x1", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_PATH, "destination", refused);
        assertEquals("host-a1 is on edge-a, host-x1 on edge-x; a circuit within a site joins hosts of one edge router",
                refused.getMessage());
    }

    @Test
    void hostToHostPlansTheSameTwiceAndReadsOnlyBothPortsAndTheRoutersUplink() throws PlanRefused {
        calendars.useVlan(UPLINK, 1000, INTERVAL);

        Plan first = planner.plan(request("host-a1", "host-a2", 100, 0, 0), calendars);
        Plan second = planner.plan(request("host-a1", "host-a2", 100, 0, 0), calendars);

        assertEquals(first, second);
        assertEquals(Set.of(HOST_PORT, HOST_PORT_2, UPLINK), calendars.resourcesRead());
    }

    @Test
    void plansTheSameTwiceAndReadsOnlyTheHostPortAndTheUplink() throws PlanRefused {
        calendars.book(HOST_PORT, INTERVAL, 100).useVlan(UPLINK, 1000, INTERVAL);

        Plan first = planner.plan(request("host-a1", "site-a", 100, 0, 0), calendars);
        Plan second = planner.plan(request("host-a1", "site-a", 100, 0, 0), calendars);

        assertEquals(first, second);
        assertEquals(Set.of(HOST_PORT, UPLINK), calendars.resourcesRead());
    }

    @Test
    void refusesACampusWhoseHostHasNoUplinkToTheSite() {
        CampusTopology campus = CampusTopologyFile.parse("""
                site: site-a
                edgeRouters: [{name: edge-a}]
                hostPorts: [{host: host-a1, router: edge-a, interface: GigabitEthernet1/1, capacityMbps: 1000}]
                uplinks: [{router: edge-a, trunk: TenGigabitEthernet2/1, accessPoint: site-b, capacityMbps: 10000}]
                vlans: {first: 1000, last: 1999}
                """);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new CampusPlanner(campus));

        assertTrue(refused.getMessage().contains("no uplink to access point site-a"), refused.getMessage());
    }

    @Test
    void aCampusWhoseOnlyWayOutIsAHandOffBooksHostsToItAndRefusesTheSiteNoPath() throws Exception {
        CampusPlanner domainC = new CampusPlanner(CampusTopologyFile.load(Path.of("../deploy/topology/domain-c-campus.yaml")));

        Plan toHandOff = domainC.plan(request("host-c1", "to-site-a", 100, 0, 0), calendars);
        PlanRefused toSite = assertThrows(PlanRefused.class, () -> domainC.plan(request("host-c1", "domain-c", 100, 0, 0),
                calendars));

        assertEquals(3000, toHandOff.destinationVlan());
        assertEquals(RefusalCode.NO_PATH, toSite.refusal().code(), toSite.getMessage());
        assertEquals("destination", toSite.field());
    }

    private static SegmentRequest request(String source, String destination, long mbps, int sourceVlan,
                                          int destinationVlan) {
        return new SegmentRequest("booking-1", source, destination, mbps, INTERVAL, sourceVlan, destinationVlan);
    }

    // ---- availability ----

    private static Instant at(String time) {
        return Instant.parse("2030-01-01T" + time + "Z");
    }

    private static SlotQuery twoHours(long mbps) {
        return new SlotQuery(mbps, Duration.ofHours(2), at("08:00:00"), at("14:00:00"));
    }

    @Test
    void availabilityAvoidsTimesTheHostPortCarriesAnyOtherCircuit() throws PlanRefused {
        calendars.book(HOST_PORT, interval("2030-01-01T11:00:00Z", "2030-01-01T12:00:00Z"), 1);

        assertEquals(StartTimes.of(List.of(new StartWindow(at("08:00:00"), at("09:00:00")),
                new StartWindow(at("12:00:00"), at("14:00:00")))),
                planner.availability("host-a1", "site-a", twoHours(100), calendars));
        assertEquals(StartTimes.between(at("08:00:00"), at("14:00:00")),
                planner.availability("site-a", "host-a2", twoHours(100), calendars), "another host's port is free");
    }

    @Test
    void availabilityNeedsTheBandwidthOnTheUplink() throws PlanRefused {
        calendars.book(UPLINK, interval("2030-01-01T09:00:00Z", "2030-01-01T13:00:00Z"), 9500);

        assertEquals(StartTimes.of(List.of(new StartWindow(at("13:00:00"), at("14:00:00")))),
                planner.availability("host-a1", "site-a", twoHours(600), calendars));
    }

    @Test
    void availabilityBetweenTwoHostsNeedsBothPortsFree() throws PlanRefused {
        calendars.book(HOST_PORT_2, interval("2030-01-01T13:00:00Z", "2030-01-01T15:00:00Z"), 1);

        assertEquals(StartTimes.between(at("08:00:00"), at("11:00:00")),
                planner.availability("host-a1", "host-a2", twoHours(100), calendars));
    }

    @Test
    void availabilityOfAnUnknownHostIsRefusedNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.availability("host-z9", "site-a", twoHours(100), calendars));
        assertRefusal(RefusalCode.BAD_FIELD, "source", refused);
    }

    @Test
    void widestIsTheHostPortsCapacityWhenNothingElseLimitsIt() throws PlanRefused {
        assertEquals(1000, planner.widest("host-a1", "site-a", Duration.ofHours(2), at("08:00:00"), at("14:00:00"),
                calendars));
    }

    private static TimeInterval interval(String start, String end) {
        return new TimeInterval(Instant.parse(start), Instant.parse(end));
    }

    /** The refusal's code and what it names (a resource or a field, as the code says). */
    private static void assertRefusal(RefusalCode code, String subject, PlanRefused refused) {
        assertEquals(code, refused.refusal().code(), refused.getMessage());
        assertEquals(subject, refused.refusal().subject(), refused.getMessage());
    }
}
