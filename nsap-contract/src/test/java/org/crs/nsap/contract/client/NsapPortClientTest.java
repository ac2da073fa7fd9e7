package org.crs.nsap.contract.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Calendar;
import java.util.List;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsap.contract.MaintenanceInfo;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.SegmentInfo;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapServer;
import org.crs.service.soap.SoapTimes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The NSAP port type's client against a real SoapServer on 127.0.0.1 serving a small service
 * with the port type's signatures and beans: what the client sends is what the server's method
 * receives, and what it returns is what the client reads.
 */
class NsapPortClientTest {

    static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

    /** A few operations of the port type, answering from what they were sent. */
    public static class MirrorNsap {

        public SegmentInfo hold(SegmentRequestBean request, int holdSeconds) throws ServiceFault {
            if (request.getBandwidthMbps() <= 0) {
                throw ServiceFault.badField("bandwidthMbps", "must be positive");
            }
            SegmentInfo s = new SegmentInfo();
            s.setBookingId(request.getBookingId());
            s.setState("HELD");
            s.setSource(request.getSource());
            s.setDestination(request.getDestination());
            s.setBandwidthMbps(request.getBandwidthMbps());
            s.setStart(request.getStart());
            s.setEnd(request.getEnd());
            s.setHoldExpiresAt(SoapTimes.calendar(request.getStart().toInstant().plusSeconds(holdSeconds)));
            s.setSourceVlan(request.getSourceVlan());
            s.setDestinationVlan(1000 + request.getDestinationVlan());
            s.setRouters(new String[] {"core-1", "edge-2"});
            return s;
        }

        public MaintenanceInfo[] listMaintenance(String resourceId, Calendar from, Calendar to) {
            MaintenanceInfo m = new MaintenanceInfo();
            m.setId(7);
            m.setResourceId(resourceId);
            m.setStart(from);
            m.setEnd(to);
            m.setAffectedBookings(new String[] {"site-a:R1:wan", "site-a:R2:wan"});
            return new MaintenanceInfo[] {m};
        }

        public String segmentWanted(String bookingId) {
            return bookingId.startsWith("site-a:") ? "WANTED" : "NOT_WANTED";
        }
    }

    static SoapServer server;
    static NsapPortClient nsap;

    @BeforeAll
    static void start() {
        server = SoapServer.builder().port(0)
                .service(NsapContract.SERVICE_NAME, NsapContract.NAMESPACE, new MirrorNsap()).start();
        nsap = NsapPortClient.of("nsap", server.serviceUrl(NsapContract.SERVICE_NAME), NsapContract.NAMESPACE,
                Duration.ofSeconds(10), null);
    }

    @AfterAll
    static void stop() {
        nsap.close();
        server.close();
    }

    static SegmentRequestBean request(long mbps) {
        SegmentRequestBean r = new SegmentRequestBean();
        r.setBookingId("site-a:R1:wan");
        r.setSource("site-a");
        r.setDestination("site-b");
        r.setBandwidthMbps(mbps);
        r.setStart(SoapTimes.calendar(START));
        r.setEnd(SoapTimes.calendar(START.plusSeconds(3600)));
        r.setSourceVlan(0);
        r.setDestinationVlan(7);
        return r;
    }

    @Test
    void aRequestBeanReachesTheServerWholeAndItsAnswerBeanComesBackWhole() throws Exception {
        SegmentInfo held = nsap.hold(request(100), 300);

        assertEquals("site-a:R1:wan", held.getBookingId());
        assertEquals("HELD", held.getState());
        assertEquals(100, held.getBandwidthMbps());
        assertEquals(START, held.getStart().toInstant());
        assertEquals(START.plusSeconds(3600), held.getEnd().toInstant());
        assertEquals(START.plusSeconds(300), held.getHoldExpiresAt().toInstant());
        assertEquals(1007, held.getDestinationVlan());
        assertArrayEquals(new String[] {"core-1", "edge-2"}, held.getRouters());
    }

    @Test
    void anArrayOfBeansComesBackAsAListWithEachBeansArray() throws Exception {
        List<MaintenanceInfo> windows = nsap.listMaintenance("uplink-1", START, START.plusSeconds(60));

        assertEquals(1, windows.size());
        assertEquals("uplink-1", windows.get(0).getResourceId());
        assertEquals(START.plusSeconds(60), windows.get(0).getEnd().toInstant());
        assertArrayEquals(new String[] {"site-a:R1:wan", "site-a:R2:wan"}, windows.get(0).getAffectedBookings());
    }

    @Test
    void aRefusalIsTheServiceFaultNamingTheField() {
        ServiceFault f = assertThrows(ServiceFault.class, () -> nsap.hold(request(0), 300));

        assertTrue(f.callersError());
        assertEquals(new Refusal(RefusalCode.BAD_FIELD, "bandwidthMbps", f.refusal().message()), f.refusal());
    }

    @Test
    void segmentWantedAnswersTheBarsWord() throws Exception {
        assertEquals("WANTED", nsap.segmentWanted("site-a:R1:wan"));
        assertEquals("NOT_WANTED", nsap.segmentWanted("site-b:R1:wan"));
    }
}
