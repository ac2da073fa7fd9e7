package org.crs.nsi.contract.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.crs.domain.nsi.NsiErrorId;
import org.junit.jupiter.api.Test;

/** What a reader must refuse, each with its NSI error id and the element at fault. */
class NsiXmlStrictReadingTest {

    private static NsiPayloadException refused(String xml) {
        return assertThrows(NsiPayloadException.class, () -> NsiXml.read(xml));
    }

    @Test
    void aDateTimeWithoutZoneIsAPayloadErrorNamingTheElement() {
        NsiPayloadException e = refused(Envelopes.reserveStarting("2026-12-01T10:00:00"));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("startTime", e.element());
    }

    @Test
    void aDateTimeThatIsNoneIsAPayloadErrorNamingTheElement() {
        NsiPayloadException e = refused(Envelopes.reserveStarting("tomorrow"));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("startTime", e.element());
    }

    @Test
    void aDocumentTypeDeclarationIsRefused() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z")
                .replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE x [<!ENTITY a \"aaaa\">]>");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("Envelope", e.element());
    }

    @Test
    void anExternalEntityIsRefusedAndNotRead() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE soapenv:Envelope [<!ENTITY secret SYSTEM \"file:///etc/hostname\">]>"
                + Envelopes.withBody("<type:reserveCommit><connectionId>&secret;</connectionId></type:reserveCommit>")
                        .replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("Envelope", e.element());
    }

    @Test
    void aMissingConnectionIdIsAMissingParameter() {
        NsiPayloadException e = refused(Envelopes.withBody("<type:provision/>"));

        assertEquals(NsiErrorId.MISSING_PARAMETER, e.errorId());
        assertEquals("connectionId", e.element());
    }

    @Test
    void aMissingCriteriaIsAMissingParameter() {
        NsiPayloadException e = refused(Envelopes.withBody("<type:reserve><description>x</description></type:reserve>"));

        assertEquals(NsiErrorId.MISSING_PARAMETER, e.errorId());
        assertEquals("criteria", e.element());
    }

    @Test
    void anStpIdThatIsNoneIsAnUnknownStp() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z")
                .replace("urn:ogf:network:site-a.crs.example:2026:topology:host-a1", "host-a1");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.UNKNOWN_STP, e.errorId());
        assertEquals("sourceSTP", e.element());
    }

    @Test
    void aLabelThatIsNoVlanListIsAnInvalidLabelFormat() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z").replace("?vlan=3000", "?vlan=3010-3000");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.INVALID_LABEL_FORMAT, e.errorId());
        assertEquals("destSTP", e.element());
    }

    @Test
    void aCapacityThatIsNoNumberIsAPayloadError() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z").replace("<capacity>100<", "<capacity>lots<");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("capacity", e.element());
    }

    @Test
    void anUnknownStateIsAPayloadErrorNamingItsElement() {
        String xml = Envelopes.withBody("<type:reserveFailed><connectionId>c-1</connectionId>"
                + Envelopes.states("ReserveSomewhere") + "<serviceException>"
                + Envelopes.serviceExceptionContent("00201") + "</serviceException></type:reserveFailed>");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("reservationState", e.element());
    }

    @Test
    void twoNsiHeadersAreRefused() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z").replace("</soapenv:Header>",
                Envelopes.HEADER + "</soapenv:Header>");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("nsiHeader", e.element());
    }

    @Test
    void aMessageOutsideTheConnectionTypesNamespaceIsRefused() {
        NsiPayloadException e = refused(Envelopes.withBody("<ftypes:provision><connectionId>c</connectionId></ftypes:provision>"));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("provision", e.element());
    }

    @Test
    void anUnknownMessageIsRefused() {
        NsiPayloadException e = refused(Envelopes.withBody("<type:modify><connectionId>c</connectionId></type:modify>"));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("modify", e.element());
    }

    @Test
    void aSoap12EnvelopeIsRefused() {
        String xml = Envelopes.reserveStarting("2026-12-01T10:00:00Z")
                .replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");

        NsiPayloadException e = refused(xml);

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("Envelope", e.element());
    }

    @Test
    void aQueryNamingBothConnectionAndGlobalIdsIsAPayloadError() {
        NsiPayloadException e = refused(Envelopes.withBody("<type:querySummary><connectionId>c</connectionId>"
                + "<globalReservationId>urn:uuid:x</globalReservationId></type:querySummary>"));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("querySummary", e.element());
    }

    @Test
    void schemaValidationNamesTheInvalidPart() {
        NsiPayloadException e = assertThrows(NsiPayloadException.class,
                () -> NsiSchemas.validate(Envelopes.reserveStarting("2026-12-01T10:00:00")));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, e.errorId());
        assertEquals("reserve", e.element());
    }
}
