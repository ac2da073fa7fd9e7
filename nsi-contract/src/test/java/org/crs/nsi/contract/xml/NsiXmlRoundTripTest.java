package org.crs.nsi.contract.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.NsiSamples;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.ProviderRequest;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every message kind written, valid against the published XSDs, and read back equal. */
class NsiXmlRoundTripTest {

    static Stream<Arguments> everyMessage() {
        return NsiSamples.everyMessage().stream().map(m -> Arguments.of(m.element(), m));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyMessage")
    void aMessageIsWrittenValidAndReadBackEqual(String element, NsiMessage message) throws NsiPayloadException {
        NsiHeader header = message instanceof ProviderRequest ? NsiSamples.requestHeader() : NsiSamples.callbackHeader();

        String xml = NsiXml.write(header, message);
        NsiSchemas.validate(xml);
        NsiEnvelope read = NsiXml.read(xml);

        assertEquals(Optional.of(header), read.header());
        assertEquals(message, read.body());
    }

    @Test
    void aFaultIsWrittenValidAndReadBackEqual() throws NsiPayloadException {
        NsiFault fault = NsiFault.of(NsiSamples.exception());
        Optional<NsiHeader> header = Optional.of(NsiSamples.requestHeader().acknowledging());

        String xml = NsiXml.writeFault(header, fault);
        NsiSchemas.validate(xml);
        NsiEnvelope read = NsiXml.read(xml);

        assertEquals(header, read.header());
        assertEquals(fault, read.body());
        assertEquals(NsiFault.Code.CLIENT, ((NsiFault) read.body()).code());
    }

    @Test
    void anInternalErrorIsAServerFault() throws NsiPayloadException {
        NsiFault fault = NsiFault.of(ServiceExceptionInfo.of(NsiSamples.PROVIDER_NSA, NsiErrorId.INTERNAL_ERROR,
                "the database is down"));

        NsiEnvelope read = NsiXml.read(NsiXml.writeFault(Optional.empty(), fault));

        assertEquals(NsiFault.Code.SERVER, ((NsiFault) read.body()).code());
        assertEquals(Optional.empty(), read.header());
    }

    @Test
    void everyOperationsRequestAndAnswerHasASample() {
        Set<String> sampled = NsiSamples.everyMessage().stream().map(NsiMessage::element).collect(Collectors.toSet());
        Set<String> needed = new HashSet<>();
        for (NsiOperation o : NsiOperation.values()) {
            needed.add(o.requestElement());
            needed.add(o.answerElement());
        }
        needed.removeAll(sampled);
        assertEquals(Set.of(), needed);
    }

    @Test
    void theEnvelopeHasOneHeaderBlockAndUnqualifiedChildren() throws Exception {
        String xml = NsiXml.write(NsiSamples.requestHeader(), NsiSamples.reserve());
        org.w3c.dom.Document doc = javax.xml.parsers.DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        org.w3c.dom.Element soapHeader = Dom.children(doc.getDocumentElement()).get(0);
        assertEquals(1, Dom.children(soapHeader).size());
        org.w3c.dom.Element reserve = Dom.children(Dom.children(doc.getDocumentElement()).get(1)).get(0);
        org.w3c.dom.Element criteria = Dom.children(reserve, "criteria").get(0);
        org.w3c.dom.Element schedule = Dom.children(criteria, "schedule").get(0);
        assertEquals(null, schedule.getNamespaceURI());
        assertEquals(null, Dom.children(schedule).get(0).getNamespaceURI());
        assertTrue(xml.contains("<startTime>2026-12-01T10:00:00Z</startTime>"));
        assertFalse(xml.contains("xmlns=\""), "no default namespace, so children stay unqualified");
    }
}
