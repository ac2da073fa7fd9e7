package org.crs.nsi.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import javax.xml.parsers.DocumentBuilderFactory;

import org.crs.nsi.contract.xml.NsiSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class NsiOperationTest {

    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSDL_SOAP = "http://schemas.xmlsoap.org/wsdl/soap/";

    @Test
    void aQuotedSoapActionNamesItsOperation() {
        assertEquals(Optional.of(NsiOperation.RESERVE),
                NsiOperation.fromSoapAction("\"http://schemas.ogf.org/nsi/2013/12/connection/service/reserve\""));
    }

    @Test
    void anUnquotedSoapActionNamesItsOperation() {
        assertEquals(Optional.of(NsiOperation.QUERY_SUMMARY_SYNC),
                NsiOperation.fromSoapAction(" http://schemas.ogf.org/nsi/2013/12/connection/service/querySummarySync "));
    }

    @Test
    void aSoapActionOfAnotherServiceNamesNone() {
        assertEquals(Optional.empty(), NsiOperation.fromSoapAction("\"urn:reserve\""));
        assertEquals(Optional.empty(), NsiOperation.fromSoapAction("\"\""));
        assertEquals(Optional.empty(), NsiOperation.fromSoapAction(null));
        assertEquals(Optional.empty(),
                NsiOperation.fromSoapAction("http://schemas.ogf.org/nsi/2013/12/connection/service/modify"));
    }

    @ParameterizedTest
    @EnumSource(NsiOperation.class)
    void theQuotedSoapActionReadsBackAsItsOperation(NsiOperation operation) {
        assertEquals(Optional.of(operation), NsiOperation.fromSoapAction(operation.quotedSoapAction()));
        assertTrue(operation.quotedSoapAction().startsWith("\"http://schemas.ogf.org/nsi/2013/12/connection/service/"));
    }

    @Test
    void onlyReserveAndTheSynchronousQueriesAnswerWithMoreThanAnAcknowledgment() {
        assertEquals("reserveResponse", NsiOperation.RESERVE.answerElement());
        assertFalse(NsiOperation.QUERY_RESULT_SYNC.acknowledged());
        assertEquals(4, Arrays.stream(NsiOperation.values()).filter(o -> !o.acknowledged()).count());
        assertTrue(Arrays.stream(NsiOperation.values()).filter(o -> o.port() == NsiPort.REQUESTER)
                .allMatch(NsiOperation::acknowledged));
    }

    @ParameterizedTest
    @EnumSource(NsiPort.class)
    void eachPortsWsdlBindsExactlyItsOperationsWithTheirSoapActions(NsiPort port) throws Exception {
        Document wsdl;
        try (InputStream in = NsiSchemas.wsdl(port).openStream()) {
            wsdl = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().parse(in);
        }
        Map<String, String> bound = new TreeMap<>();
        NodeList operations = wsdl.getElementsByTagNameNS(WSDL, "operation");
        for (int i = 0; i < operations.getLength(); i++) {
            Element op = (Element) operations.item(i);
            NodeList soap = op.getElementsByTagNameNS(WSDL_SOAP, "operation");
            if (soap.getLength() == 1) {
                bound.put(op.getAttribute("name"), ((Element) soap.item(0)).getAttribute("soapAction"));
            }
        }
        Map<String, String> expected = Arrays.stream(NsiOperation.values()).filter(o -> o.port() == port)
                .collect(Collectors.toMap(NsiOperation::operationName, NsiOperation::soapAction, (a, b) -> a,
                        TreeMap::new));
        assertEquals(expected, bound);
    }
}
