package org.crs.nsap.wan;

import org.crs.nsap.contract.topology.WanTopologyFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.generated.NsapServiceServiceFaultException;
import org.crs.nsap.generated.NsapServiceStub;
import org.crs.nsap.generated.NsapServiceStub.Activate;
import org.crs.nsap.generated.NsapServiceStub.Check;
import org.crs.nsap.generated.NsapServiceStub.CheckAnswer;
import org.crs.nsap.generated.NsapServiceStub.Commit;
import org.crs.nsap.generated.NsapServiceStub.Deactivate;
import org.crs.nsap.generated.NsapServiceStub.Hold;
import org.crs.nsap.generated.NsapServiceStub.ListEndpoints;
import org.crs.nsap.generated.NsapServiceStub.SegmentInfo;
import org.crs.nsap.generated.NsapServiceStub.SegmentRequestBean;
import org.crs.nsap.generated.NsapServiceStub.ServiceFault;
import org.crs.nsap.generated.NsapServiceStub.Status;
import org.crs.nsap.server.NsapServer;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.soap.SoapClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.service.server.ServerConfig;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;

/**
 * The NSAP of the demo WAN as a client generated from the published WSDL
 * (schema/wsdl/NsapService.wsdl) by Axis2's own wsdl2java with ADB sees it: the stub in
 * org.crs.nsap.generated is written by the build (axis2-wsdl2code-maven-plugin, see the pom), not
 * by hand, so this test fails when the WSDL and what the server really speaks part ways.
 */
class GeneratedClientTest {

    RouterEmulator emulator;
    NsapServer server;
    DriverActivator activator;
    NsapServiceStub nsap;

    @BeforeEach
    void start() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts());
        RouterDirectory routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        server = NsapServer.start(new ServerConfig("nsap-generated-client", "jdbc:hsqldb:mem:generated-" + System.nanoTime(),
                "SA", "", "127.0.0.1", 0, false),
                new WanPlanner(WanTopologyFile.load(Path.of("../deploy/topology/wan.yaml"))),
                store -> activator = new DriverActivator(routers, store), Clock.systemUTC());
        // On the runtime's client axis2.xml, as CRS's own clients, rather than the kernel's
        // default one (which names deployers that need axis2-jaxws).
        nsap = new NsapServiceStub(SoapClients.configurationContext(), server.serviceUrl().toString());
    }

    @AfterEach
    void stop() throws Exception {
        if (nsap != null) {
            nsap._getServiceClient().cleanup();
        }
        if (activator != null) {
            activator.close();
        }
        if (server != null) {
            server.close();
        }
        if (emulator != null) {
            emulator.close();
        }
    }

    static Calendar calendar(Instant instant) {
        return GregorianCalendar.from(instant.atZone(ZoneOffset.UTC));
    }

    static SegmentRequestBean request(String bookingId, long mbps, Instant start, Duration length) {
        SegmentRequestBean r = new SegmentRequestBean();
        r.setBookingId(bookingId);
        r.setSource("site-a");
        r.setDestination("site-b");
        r.setSourceVlan(0);
        r.setDestinationVlan(0);
        r.setBandwidthMbps(mbps);
        r.setStart(calendar(start));
        r.setEnd(calendar(start.plus(length)));
        return r;
    }

    SegmentInfo hold(SegmentRequestBean request) throws Exception {
        Hold hold = new Hold();
        hold.setRequest(request);
        hold.setHoldSeconds(60);
        return nsap.hold(hold).get_return();
    }

    @Test
    void wsdl2javaStubBooksActivatesAndReleasesAWanCircuitAndGetsTypedFaults() throws Exception {
        String core1Before = emulator.router("core-1").runningConfig();
        String core3Before = emulator.router("core-3").runningConfig();
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);

        List<String> endpoints = Arrays.asList(nsap.listEndpoints(new ListEndpoints()).get_return());
        assertTrue(endpoints.containsAll(List.of("site-a", "site-b")), endpoints.toString());

        Check check = new Check();
        check.setRequest(request("gen-1", 100, start, Duration.ofHours(1)));
        CheckAnswer fits = nsap.check(check).get_return();
        assertTrue(fits.getFits(), fits.getReason() + " / " + fits.getResource());

        SegmentInfo held = hold(request("gen-1", 100, start, Duration.ofHours(1)));
        assertEquals("HELD", held.getState());
        assertEquals("gen-1", held.getBookingId());
        assertEquals(100, held.getBandwidthMbps());
        assertEquals(start, held.getStart().toInstant());
        assertEquals(start.plus(Duration.ofHours(1)), held.getEnd().toInstant());
        int vlan = held.getSourceVlan();
        assertTrue(vlan > 0, "allocated VLAN " + vlan);

        Commit commit = new Commit();
        commit.setBookingId("gen-1");
        assertEquals("COMMITTED", nsap.commit(commit).get_return().getState());

        Activate activate = new Activate();
        activate.setBookingId("gen-1");
        SegmentInfo active = nsap.activate(activate).get_return();
        assertEquals("ACTIVE", active.getState(), active.getLastChange());
        long circuit = active.getCircuitId();
        String core1 = emulator.router("core-1").runningConfig();
        assertTrue(core1.contains("interface GigabitEthernet3/0." + vlan + "\n encapsulation dot1Q " + vlan + "\n xconnect 10.0.0.3 "
                + circuit + " encapsulation mpls pw-class LP-" + circuit), core1);
        assertTrue(core1.contains(" tunnel mpls traffic-eng bandwidth 100000\n"), core1);

        Status status = new Status();
        status.setBookingId("gen-1");
        SegmentInfo now = nsap.status(status).get_return();
        assertEquals("ACTIVE", now.getState());
        assertEquals(circuit, now.getCircuitId());
        assertEquals(vlan, now.getSourceVlan());
        assertArrayEquals(active.getRouters(), now.getRouters());
        assertTrue(Arrays.asList(now.getRouters()).containsAll(List.of("core-1", "core-3")), Arrays.toString(now.getRouters()));

        Deactivate deactivate = new Deactivate();
        deactivate.setBookingId("gen-1");
        assertEquals("RELEASED", nsap.deactivate(deactivate).get_return().getState());
        assertEquals(core1Before, emulator.router("core-1").runningConfig());
        assertEquals(core3Before, emulator.router("core-3").runningConfig());

        NsapServiceServiceFaultException refused = assertThrows(NsapServiceServiceFaultException.class,
                () -> hold(request("gen-2", 0, start, Duration.ofHours(1))));
        ServiceFault fault = refused.getFaultMessage().getServiceFault();
        assertEquals("BAD_FIELD", fault.getCode());
        assertEquals("bandwidthMbps", fault.getField());
    }

    @Test
    void aCapacityRefusalReachesTheStubWithItsCodeAsAFaultAndAsACheckAnswer() throws Exception {
        Instant start = Instant.now().plus(Duration.ofMinutes(1)).truncatedTo(ChronoUnit.SECONDS);
        SegmentRequestBean tooMuch = request("gen-3", 1_000_000, start, Duration.ofHours(1));

        Check check = new Check();
        check.setRequest(tooMuch);
        CheckAnswer answer = nsap.check(check).get_return();
        assertEquals("NO_CAPACITY", answer.getCode(), answer.getReason());

        NsapServiceServiceFaultException refused = assertThrows(NsapServiceServiceFaultException.class,
                () -> hold(tooMuch));
        ServiceFault fault = refused.getFaultMessage().getServiceFault();
        assertEquals("NO_CAPACITY", fault.getCode(), fault.getReason());
        assertEquals(null, fault.getField(), "a capacity refusal names a resource, not a field");
    }
}
