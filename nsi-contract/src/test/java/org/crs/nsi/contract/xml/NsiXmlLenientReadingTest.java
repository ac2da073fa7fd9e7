package org.crs.nsi.contract.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveCommitFailed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.junit.jupiter.api.Test;

/** Where peers are known to deviate from the schema, the reader accepts what they write (NSI.md). */
class NsiXmlLenientReadingTest {

    @Test
    void qualifiedChildrenReadAsUnqualifiedOnes() throws NsiPayloadException {
        String unqualified = Envelopes.reserveStarting("2026-12-01T10:00:00Z");
        String qualified = Envelopes.withBody("<type:reserve><type:criteria version=\"1\"><type:schedule>"
                + "<type:startTime>2026-12-01T10:00:00Z</type:startTime>"
                + "<type:endTime>2026-12-01T12:00:00Z</type:endTime></type:schedule>"
                + "<type:serviceType>http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE</type:serviceType>"
                + "<p2p:p2ps><p2p:capacity>100</p2p:capacity><p2p:directionality>Bidirectional</p2p:directionality>"
                + "<p2p:sourceSTP>urn:ogf:network:site-a.crs.example:2026:topology:host-a1</p2p:sourceSTP>"
                + "<p2p:destSTP>urn:ogf:network:site-a.crs.example:2026:topology:to-domain-c?vlan=3000</p2p:destSTP>"
                + "</p2p:p2ps></type:criteria></type:reserve>");

        assertEquals(NsiXml.read(unqualified).body(), NsiXml.read(qualified).body());
    }

    @Test
    void aFaultsServiceExceptionIsReadFromTheFrameworkTypesNamespace() throws NsiPayloadException {
        String xml = Envelopes.fault("Client", "<ftypes:serviceException>" + Envelopes.serviceExceptionContent("00705")
                + "</ftypes:serviceException>");

        NsiFault fault = (NsiFault) NsiXml.read(xml).body();

        assertEquals(NsiErrorId.CAPACITY_UNAVAILABLE, fault.errorId());
        assertEquals(NsiFault.Code.CLIENT, fault.code());
        assertEquals(List.of("urn:ogf:network:domain-c.crs.example:2026:nsa"),
                fault.serviceException().get().variables().get("providerNSA"));
    }

    @Test
    void aFaultsServiceExceptionIsReadFromTheConnectionTypesNamespace() throws NsiPayloadException {
        String xml = Envelopes.fault("Server", "<type:serviceException>" + Envelopes.serviceExceptionContent("00500")
                + "</type:serviceException>");

        NsiFault fault = (NsiFault) NsiXml.read(xml).body();

        assertEquals(NsiErrorId.INTERNAL_ERROR, fault.errorId());
        assertEquals(NsiFault.Code.SERVER, fault.code());
    }

    @Test
    void aFaultsServiceExceptionIsReadFromInsideAnError() throws NsiPayloadException {
        String xml = Envelopes.fault("Client", "<type:error><serviceException>"
                + Envelopes.serviceExceptionContent("00203") + "</serviceException></type:error>");

        assertEquals(NsiErrorId.RESERVATION_NONEXISTENT, ((NsiFault) NsiXml.read(xml).body()).errorId());
    }

    @Test
    void aFaultWithoutServiceExceptionIsReadByItsCode() throws NsiPayloadException {
        NsiFault server = (NsiFault) NsiXml.read(Envelopes.fault("Server", "")).body();
        NsiFault client = (NsiFault) NsiXml.read(Envelopes.fault("Client", "")).body();

        assertEquals(Optional.empty(), server.serviceException());
        assertEquals(NsiErrorId.INTERNAL_ERROR, server.errorId());
        assertEquals(NsiErrorId.PAYLOAD_ERROR, client.errorId());
    }

    @Test
    void anUnknownErrorIdIsReadAsItsFamilyKeepingTheCode() throws NsiPayloadException {
        String xml = Envelopes.fault("Client", "<ftypes:serviceException>" + Envelopes.serviceExceptionContent("00799")
                + "</ftypes:serviceException>");

        NsiFault fault = (NsiFault) NsiXml.read(xml).body();

        assertEquals(NsiErrorId.SERVICE_ERROR, fault.errorId());
        assertEquals("00799", fault.serviceException().get().errorCode());
    }

    @Test
    void criteriaVersionZeroIsAccepted() throws NsiPayloadException {
        String xml = Envelopes.withBody("<type:reserveConfirmed><connectionId>c-1</connectionId>"
                + "<criteria version=\"0\"><schedule/><serviceType>x</serviceType>"
                + Envelopes.p2ps("urn:ogf:network:a:2026:topology:p1", "urn:ogf:network:a:2026:topology:p2?vlan=3000")
                + "</criteria></type:reserveConfirmed>");

        ReserveConfirmed confirmed = (ReserveConfirmed) NsiXml.read(xml).body();

        assertEquals(Optional.of(0), confirmed.criteria().version());
    }

    @Test
    void openNsasReserveComittingIsReadAsReserveCommitting() throws NsiPayloadException {
        String xml = Envelopes.withBody("<type:reserveCommitFailed><connectionId>c-1</connectionId>"
                + Envelopes.states("ReserveComitting") + "<serviceException>"
                + Envelopes.serviceExceptionContent("00201") + "</serviceException></type:reserveCommitFailed>");

        ReserveCommitFailed failed = (ReserveCommitFailed) NsiXml.read(xml).body();

        assertEquals(NsiReservationState.RESERVE_COMMITTING, failed.connectionStates().reservationState());
    }

    @Test
    void anyServiceTypeIsAccepted() throws NsiPayloadException {
        for (String type : List.of("http://services.ogf.org/nsi/2013/07/descriptions/EVTS.A-GOLE",
                "http://services.ogf.org/nsi/2013/12/definitions/EVTS.A-GOLE", "something else entirely")) {
            String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z").replace(
                    "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE", type);

            assertEquals(Optional.of(type), ((Reserve) NsiXml.read(xml).body()).criteria().serviceType());
        }
    }

    @Test
    void aDateTimeWithAnOffsetIsReadAsItsInstant() throws NsiPayloadException {
        Reserve reserve = (Reserve) NsiXml.read(Envelopes.reserveStarting("2026-12-01T12:00:00+02:00")).body();

        assertEquals(Optional.of(java.time.Instant.parse("2026-12-01T10:00:00Z")),
                reserve.criteria().schedule().startTime());
    }

    @Test
    void otherHeaderBlocksArePassedOver() throws NsiPayloadException {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z").replace("<soapenv:Header>",
                "<soapenv:Header><wsa:Action xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">reserve</wsa:Action>");

        assertEquals("urn:ogf:network:domain-c.crs.example:2026:nsa", NsiXml.read(xml).header().get().requesterNsa());
    }
}
