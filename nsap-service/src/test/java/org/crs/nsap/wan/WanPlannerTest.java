package org.crs.nsap.wan;

import org.crs.nsap.contract.topology.WanTopologyFile;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.domain.admission.Resource;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.InMemoryCalendars;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WanPlannerTest {

    private static final Path WAN = Path.of("../deploy/topology/wan.yaml");
    private static final Resource SITE_A = new Resource("core-1:GigabitEthernet3/0", Resource.ACCESS_POINT, 1000);
    private static final Resource SITE_B = new Resource("core-3:GigabitEthernet3/0", Resource.ACCESS_POINT, 1000);
    private static final Resource DIRECT = new Resource("core-1-core-3", Resource.LINK, 2500);
    private static final Resource CORE_1_2 = new Resource("core-1-core-2", Resource.LINK, 10000);
    private static final Resource CORE_2_3 = new Resource("core-2-core-3", Resource.LINK, 10000);
    private static final TimeInterval INTERVAL = interval("2030-01-01T10:00:00Z", "2030-01-01T12:00:00Z");

    private WanPlanner planner;
    private InMemoryCalendars calendars;

    @BeforeEach
    void setUp() throws IOException {
        planner = new WanPlanner(WanTopologyFile.load(WAN));
        calendars = new InMemoryCalendars();
    }

    @Test
    void offersEveryLinkAndAccessPointAsResources() {
        assertEquals(List.of(DIRECT, CORE_1_2, CORE_2_3, SITE_A, SITE_B), planner.resources());
    }

    @Test
    void offersTheAccessPointSitesAsEndpoints() {
        assertEquals(List.of("site-a", "site-b"), planner.endpoints());
    }

    @Test
    void planTakesTheDirectPath() throws PlanRefused {
        Plan plan = planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars);

        assertAll(
                () -> assertEquals(List.of(new ResourceUse(SITE_A, 1000, 1000), new ResourceUse(DIRECT, 1000, 0),
                        new ResourceUse(SITE_B, 1000, 1000)), plan.uses()),
                () -> assertEquals(1000, plan.sourceVlan()),
                () -> assertEquals(1000, plan.destinationVlan()),
                () -> assertEquals(List.of(
                        new RouterPart.Pseudowire("core-1", 1000, "GigabitEthernet3/0", "10.0.0.3", List.of("10.0.0.3")),
                        new RouterPart.Pseudowire("core-3", 1000, "GigabitEthernet3/0", "10.0.0.1", List.of("10.0.0.1"))),
                        plan.routerParts()),
                () -> assertEquals("path core-1 > core-3, VLAN 1000 at site-a, VLAN 1000 at site-b", plan.description()));
    }

    @Test
    void planTakesThePathThroughCore2WhenTheDirectLinkIsFullDuringPartOfTheInterval() throws PlanRefused {
        calendars.book(DIRECT.id(), interval("2030-01-01T11:00:00Z", "2030-01-01T11:30:00Z"), 2000);

        Plan plan = planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars);

        assertAll(
                () -> assertEquals(List.of(new ResourceUse(SITE_A, 1000, 1000), new ResourceUse(CORE_1_2, 1000, 0),
                        new ResourceUse(CORE_2_3, 1000, 0), new ResourceUse(SITE_B, 1000, 1000)), plan.uses()),
                () -> assertEquals(List.of(
                        new RouterPart.Pseudowire("core-1", 1000, "GigabitEthernet3/0", "10.0.0.3",
                                List.of("10.0.0.2", "10.0.0.3")),
                        new RouterPart.Pseudowire("core-3", 1000, "GigabitEthernet3/0", "10.0.0.1",
                                List.of("10.0.0.2", "10.0.0.1"))),
                        plan.routerParts()),
                () -> assertEquals("path core-1 > core-2 > core-3, VLAN 1000 at site-a, VLAN 1000 at site-b",
                        plan.description()));
    }

    @Test
    void planFromSiteBToSiteAWalksThePathTheOtherWay() throws PlanRefused {
        calendars.book(DIRECT.id(), INTERVAL, 2000);

        Plan plan = planner.plan(request("site-b", "site-a", 1000, 0, 0), calendars);

        assertEquals(List.of(
                new RouterPart.Pseudowire("core-3", 1000, "GigabitEthernet3/0", "10.0.0.1", List.of("10.0.0.2", "10.0.0.1")),
                new RouterPart.Pseudowire("core-1", 1000, "GigabitEthernet3/0", "10.0.0.3", List.of("10.0.0.2", "10.0.0.3"))),
                plan.routerParts());
        assertEquals(List.of(SITE_B, CORE_2_3, CORE_1_2, SITE_A), plan.uses().stream().map(ResourceUse::resource).toList());
    }

    @Test
    void aBookingThatEndsWhenTheIntervalStartsLeavesTheDirectLinkFree() throws PlanRefused {
        calendars.book(DIRECT.id(), interval("2030-01-01T08:00:00Z", "2030-01-01T10:00:00Z"), 2500);

        Plan plan = planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars);

        assertEquals("path core-1 > core-3, VLAN 1000 at site-a, VLAN 1000 at site-b", plan.description());
    }

    @Test
    void planAvoidsALinkUnderMaintenance() throws PlanRefused {
        calendars.maintenance(DIRECT.id(), interval("2030-01-01T11:59:00Z", "2030-01-01T14:00:00Z"));

        Plan plan = planner.plan(request("site-a", "site-b", 10, 0, 0), calendars);

        assertTrue(plan.description().startsWith("path core-1 > core-2 > core-3"), plan.description());
    }

    @Test
    void refusesWhenNeitherPathFitsAsNoCapacityNamingTheBottleneckOfTheShortestPath() {
        calendars.book(DIRECT.id(), INTERVAL, 2000).book(CORE_1_2.id(), INTERVAL, 9500);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, "core-1-core-3", refused);
        assertEquals("link core-1-core-3 has 2500 Mbit/s, 2000 booked over " + INTERVAL + ", 1000 requested",
                refused.getMessage());
    }

    @Test
    void refusesWhenTheDirectLinkIsDownAndTheOtherPathFullAsMaintenanceOfTheDirectLink() {
        calendars.maintenance(DIRECT.id(), INTERVAL).book(CORE_2_3.id(), INTERVAL, 9500);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars));

        assertRefusal(RefusalCode.MAINTENANCE, "core-1-core-3", refused);
    }

    @Test
    void refusesWhenTheSourceAccessPointIsFullNamingIt() {
        calendars.book(SITE_A.id(), INTERVAL, 600).book(SITE_B.id(), INTERVAL, 600);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 500, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, SITE_A.id(), refused);
        assertEquals("access point " + SITE_A.id() + " has 1000 Mbit/s, 600 booked over " + INTERVAL + ", 500 requested",
                refused.getMessage());
    }

    @Test
    void refusesWhenTheDestinationAccessPointIsFullNamingIt() {
        calendars.book(SITE_B.id(), INTERVAL, 600);

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 500, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_CAPACITY, SITE_B.id(), refused);
    }

    @Test
    void choosesTheSameVlanAtBothEndsWhenOneIsFreeAtBoth() throws PlanRefused {
        calendars.useVlan(SITE_A.id(), 1000, INTERVAL).useVlan(SITE_B.id(), 1001, INTERVAL);

        Plan plan = planner.plan(request("site-a", "site-b", 100, 0, 0), calendars);

        assertEquals(1006, plan.sourceVlan()); // 1002-1005 are IOS's own
        assertEquals(1006, plan.destinationVlan());
    }

    @Test
    void choosesTheLowestFreeVlanAtEachEndWhenNoneIsFreeAtBoth() throws PlanRefused {
        for (int vlan = 1000; vlan <= 1999; vlan += 2) {
            calendars.useVlan(SITE_A.id(), vlan, INTERVAL).useVlan(SITE_B.id(), vlan + 1, INTERVAL);
        }

        Plan plan = planner.plan(request("site-a", "site-b", 100, 0, 0), calendars);

        assertEquals(1001, plan.sourceVlan());
        assertEquals(1000, plan.destinationVlan());
        assertEquals(1001, ((RouterPart.Pseudowire) plan.routerParts().get(0)).vlan());
        assertEquals(1000, ((RouterPart.Pseudowire) plan.routerParts().get(1)).vlan());
        assertEquals("path core-1 > core-3, VLAN 1001 at site-a, VLAN 1000 at site-b", plan.description());
    }

    @Test
    void honoursTheRequestedVlans() throws PlanRefused {
        Plan plan = planner.plan(request("site-a", "site-b", 100, 1500, 1600), calendars);

        assertEquals(1500, plan.sourceVlan());
        assertEquals(1600, plan.destinationVlan());
        assertEquals(List.of(new ResourceUse(SITE_A, 100, 1500), new ResourceUse(DIRECT, 100, 0),
                new ResourceUse(SITE_B, 100, 1600)), plan.uses());
        assertEquals(List.of(
                new RouterPart.Pseudowire("core-1", 1500, "GigabitEthernet3/0", "10.0.0.3", List.of("10.0.0.3")),
                new RouterPart.Pseudowire("core-3", 1600, "GigabitEthernet3/0", "10.0.0.1", List.of("10.0.0.1"))),
                plan.routerParts());
    }

    @Test
    void usesAVlanRequestedAtOneEndAtTheOtherEndTooWhenItIsFreeThere() throws PlanRefused {
        Plan plan = planner.plan(request("site-a", "site-b", 100, 1500, 0), calendars);

        assertEquals(1500, plan.sourceVlan());
        assertEquals(1500, plan.destinationVlan());
    }

    @Test
    void takesTheLowestFreeVlanAtTheOtherEndWhenTheRequestedOneIsTakenThere() throws PlanRefused {
        calendars.useVlan(SITE_A.id(), 1700, INTERVAL);

        Plan plan = planner.plan(request("site-a", "site-b", 100, 0, 1700), calendars);

        assertEquals(1000, plan.sourceVlan());
        assertEquals(1700, plan.destinationVlan());
    }

    @Test
    void refusesARequestedVlanInUseAsVlanUnavailableNamingTheAccessPointAndTheVlan() {
        calendars.useVlan(SITE_B.id(), 1600, interval("2030-01-01T11:00:00Z", "2030-01-01T13:00:00Z"));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 100, 0, 1600), calendars));

        assertRefusal(RefusalCode.VLAN_UNAVAILABLE, SITE_B.id(), refused);
        assertEquals("VLAN 1600 is in use at access point core-3:GigabitEthernet3/0 of site-b during " + INTERVAL,
                refused.getMessage());
    }

    @Test
    void refusesARequestedVlanOutOfTheAccessPointsRangeNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-b", 100, 999, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "sourceVlan", refused);
        assertTrue(refused.getMessage().contains("VLAN 999"), refused.getMessage());
        assertTrue(refused.getMessage().contains(SITE_A.id()), refused.getMessage());
    }

    @Test
    void refusesAnUnknownSiteNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-z", "site-b", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "source", refused);
        assertTrue(refused.getMessage().contains("site-z"), refused.getMessage());
    }

    @Test
    void refusesTheSameSiteAtBothEnds() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.plan(request("site-a", "site-a", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
    }

    @Test
    void refusesTwoSitesOnOneCoreRouterAsNoPathNamingTheDestination() {
        WanPlanner oneRouter = new WanPlanner(WanTopologyFile.parse("""
                coreRouters: [{name: core-1, loopback: 10.0.0.1}]
                links: []
                accessPoints:
                  - {site: site-a, router: core-1, interface: GigabitEthernet3/0, capacityMbps: 1000,
                     vlans: {first: 1000, last: 1999}}
                  - {site: site-c, router: core-1, interface: GigabitEthernet3/1, capacityMbps: 1000,
                     vlans: {first: 1000, last: 1999}}
                """));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> oneRouter.plan(request("site-a", "site-c", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_PATH, "destination", refused);
        assertTrue(refused.getMessage().contains("both handed off on core-1"), refused.getMessage());
    }

    @Test
    void refusesSitesThatNoLinksJoinAsNoPath() {
        WanPlanner apart = new WanPlanner(WanTopologyFile.parse("""
                coreRouters: [{name: core-1, loopback: 10.0.0.1}, {name: core-2, loopback: 10.0.0.2}]
                accessPoints:
                  - {site: site-a, router: core-1, interface: GigabitEthernet3/0, capacityMbps: 1000,
                     vlans: {first: 1000, last: 1999}}
                  - {site: site-b, router: core-2, interface: GigabitEthernet3/0, capacityMbps: 1000,
                     vlans: {first: 1000, last: 1999}}
                """));

        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> apart.plan(request("site-a", "site-b", 100, 0, 0), calendars));

        assertRefusal(RefusalCode.NO_PATH, "destination", refused);
        assertEquals("no links join core-1 (site-a) to core-2 (site-b)", refused.getMessage());
    }

    @Test
    void plansTheSameTwiceOverTheSameCalendars() throws PlanRefused {
        calendars.book(DIRECT.id(), INTERVAL, 2000).useVlan(SITE_A.id(), 1000, INTERVAL);

        Plan first = planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars);
        Plan second = planner.plan(request("site-a", "site-b", 1000, 0, 0), calendars);

        assertEquals(first, second);
        assertTrue(planner.resources().stream().map(Resource::id).toList().containsAll(calendars.resourcesRead()));
    }

    // ---- availability ----

    private static Instant at(String time) {
        return Instant.parse("2030-01-01T" + time + "Z");
    }

    /** Two-hour bookings starting between 08:00 and 14:00. */
    private static SlotQuery twoHours(long mbps) {
        return new SlotQuery(mbps, Duration.ofHours(2), at("08:00:00"), at("14:00:00"));
    }

    @Test
    void availabilityIsEveryStartWhenNothingIsBooked() throws PlanRefused {
        assertEquals(StartTimes.between(at("08:00:00"), at("14:00:00")),
                planner.availability("site-a", "site-b", twoHours(1000), calendars));
    }

    @Test
    void availabilityIncludesStartsThatOnlyTheLongerPathCanCarry() throws PlanRefused {
        // The direct link is full from 11:00 to 12:00; the path through core-2 is free but for 12:30 to 13:00.
        calendars.book(DIRECT.id(), interval("2030-01-01T11:00:00Z", "2030-01-01T12:00:00Z"), 2500)
                .book(CORE_1_2.id(), interval("2030-01-01T12:30:00Z", "2030-01-01T13:00:00Z"), 10000);

        StartTimes starts = planner.availability("site-a", "site-b", twoHours(1000), calendars);

        // Direct: starts up to 09:00 and from 12:00. Through core-2: starts up to 10:30 and from 13:00.
        assertEquals(StartTimes.of(List.of(new StartWindow(at("08:00:00"), at("10:30:00")),
                new StartWindow(at("12:00:00"), at("14:00:00")))), starts);
    }

    @Test
    void availabilityRespectsAnAccessPointsBandwidthAndMaintenance() throws PlanRefused {
        calendars.book(SITE_A.id(), interval("2030-01-01T09:00:00Z", "2030-01-01T10:00:00Z"), 500)
                .maintenance(SITE_B.id(), interval("2030-01-01T13:00:00Z", "2030-01-01T14:00:00Z"));

        StartTimes starts = planner.availability("site-a", "site-b", twoHours(600), calendars);

        assertEquals(StartTimes.of(List.of(new StartWindow(at("10:00:00"), at("11:00:00")),
                new StartWindow(at("14:00:00"), at("14:00:00")))), starts);
        assertTrue(planner.availability("site-a", "site-b", twoHours(600).withMbps(500), calendars)
                .contains(at("09:30:00")), "500 Mbit/s still fit beside the booking");
    }

    @Test
    void availabilityNeedsAFreeVlanAtBothAccessPoints() throws PlanRefused {
        WanPlanner oneVlan = new WanPlanner(WanTopologyFile.parse("""
                coreRouters: [{name: r1, loopback: 10.0.0.1}, {name: r2, loopback: 10.0.0.2}]
                links: [{id: r1-r2, a: {router: r1, interface: POS4/0}, b: {router: r2, interface: POS4/0}, capacityMbps: 10000, metric: 1}]
                accessPoints:
                  - {site: x, router: r1, interface: Gi3/0, capacityMbps: 1000, vlans: {first: 100, last: 100}}
                  - {site: y, router: r2, interface: Gi3/0, capacityMbps: 1000, vlans: {first: 100, last: 100}}
                """));
        calendars.useVlan("r2:Gi3/0", 100, interval("2030-01-01T11:00:00Z", "2030-01-01T12:00:00Z"));

        assertEquals(StartTimes.of(List.of(new StartWindow(at("08:00:00"), at("09:00:00")),
                new StartWindow(at("12:00:00"), at("14:00:00")))), oneVlan.availability("x", "y", twoHours(10), calendars));
    }

    @Test
    void availabilityOfAnUnknownSiteIsRefusedNamingTheField() {
        PlanRefused refused = assertThrows(PlanRefused.class,
                () -> planner.availability("site-a", "site-z", twoHours(10), calendars));
        assertRefusal(RefusalCode.BAD_FIELD, "destination", refused);
    }

    @Test
    void widestIsTheMostBandwidthSomeStartHasOverEveryPartOfTheCircuit() throws PlanRefused {
        // Direct link: 2,500 less 2,000 booked all day; through core-2: 10,000 less 9,700. The access points have 1,000.
        calendars.book(DIRECT.id(), interval("2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"), 2000)
                .book(CORE_1_2.id(), interval("2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"), 9700);

        assertEquals(500, planner.widest("site-a", "site-b", Duration.ofHours(2), at("08:00:00"), at("14:00:00"), calendars));
        calendars.book(DIRECT.id(), interval("2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z"), 500);
        assertEquals(300, planner.widest("site-a", "site-b", Duration.ofHours(2), at("08:00:00"), at("14:00:00"), calendars));
    }

    private static SegmentRequest request(String source, String destination, long mbps, int sourceVlan,
                                          int destinationVlan) {
        return new SegmentRequest("booking-1", source, destination, mbps, INTERVAL, sourceVlan, destinationVlan);
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
