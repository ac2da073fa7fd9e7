package org.crs.service.soap.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.crs.domain.refusal.RefusalCode;
import org.junit.jupiter.api.Test;

class EnvelopeReaderTest {

    static String fault(String faultCode, String detail) {
        return "<soapenv:Envelope xmlns:soapenv='" + EnvelopeWriter.SOAP11 + "'><soapenv:Body><soapenv:Fault>"
                + "<faultcode>soapenv:" + faultCode + "</faultcode><faultstring>refused</faultstring>"
                + "<detail><ns:NsapServiceServiceFault xmlns:ns='urn:crs:nsap:1'><ns:ServiceFault>" + detail
                + "</ns:ServiceFault></ns:NsapServiceServiceFault></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>";
    }

    @Test
    void aFaultKeepsTheCodeItsDetailNames() throws Exception {
        EnvelopeReader.Fault a = EnvelopeReader.parse(fault("Client",
                "<ns:code>HOST_PORT_BUSY</ns:code><ns:field xsi:nil='true' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'/>"
                        + "<ns:reason>host port busy (resource p1)</ns:reason>")).fault;
        assertEquals(RefusalCode.HOST_PORT_BUSY, a.refusalCode());
        assertEquals("host port busy (resource p1)", a.message());
    }

    @Test
    void aServerFaultWithoutACodeIsTheProviderFailing() throws Exception {
        assertEquals(RefusalCode.PROVIDER_SILENT,
                EnvelopeReader.parse(fault("Server", "<ns:reason>the L-NSAP did not answer</ns:reason>")).fault.refusalCode());
    }

    @Test
    void aClientFaultWithoutACodeIsABadFieldWhenItNamesAFieldElseAPolicyRefusal() throws Exception {
        assertEquals(RefusalCode.BAD_FIELD, EnvelopeReader.parse(fault("Client",
                "<ns:field>end</ns:field><ns:reason>is missing</ns:reason>")).fault.refusalCode());
        assertEquals(RefusalCode.POLICY, EnvelopeReader.parse(fault("Client",
                "<ns:code>SOLAR_FLARE</ns:code><ns:reason>not today</ns:reason>")).fault.refusalCode());
    }
}
