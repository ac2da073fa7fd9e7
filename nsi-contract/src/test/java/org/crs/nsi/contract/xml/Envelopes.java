package org.crs.nsi.contract.xml;

/** Envelopes as peers write them, by hand, for the reading tests. */
final class Envelopes {

    static final String HEADER = "<head:nsiHeader xmlns:head=\"http://schemas.ogf.org/nsi/2013/12/framework/headers\">"
            + "<protocolVersion>application/vnd.ogf.nsi.cs.v2.provider+soap</protocolVersion>"
            + "<correlationId>urn:uuid:0f3e8c1a-2b4d-4e6f-8a9b-1c2d3e4f5a6b</correlationId>"
            + "<requesterNSA>urn:ogf:network:domain-c.crs.example:2026:nsa</requesterNSA>"
            + "<providerNSA>urn:ogf:network:site-a.crs.example:2026:nsa</providerNSA>"
            + "<replyTo>http://127.0.0.1:9080/NSI/services/ConnectionRequester</replyTo>"
            + "</head:nsiHeader>";

    private Envelopes() {
    }

    /** An envelope with one nsiHeader and {@code body} (which declares its own namespaces). */
    static String withBody(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:type=\"http://schemas.ogf.org/nsi/2013/12/connection/types\""
                + " xmlns:ftypes=\"http://schemas.ogf.org/nsi/2013/12/framework/types\""
                + " xmlns:p2p=\"http://schemas.ogf.org/nsi/2013/12/services/point2point\">"
                + "<soapenv:Header>" + HEADER + "</soapenv:Header>"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    /** A reserve whose schedule's start is {@code start}. */
    static String reserveStarting(String start) {
        return withBody("<type:reserve><criteria version=\"1\"><schedule><startTime>" + start + "</startTime>"
                + "<endTime>2026-12-01T12:00:00Z</endTime></schedule>"
                + "<serviceType>http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE</serviceType>"
                + p2ps("urn:ogf:network:site-a.crs.example:2026:topology:host-a1",
                        "urn:ogf:network:site-a.crs.example:2026:topology:to-domain-c?vlan=3000")
                + "</criteria></type:reserve>");
    }

    static String p2ps(String source, String dest) {
        return "<p2p:p2ps><capacity>100</capacity><directionality>Bidirectional</directionality>"
                + "<sourceSTP>" + source + "</sourceSTP><destSTP>" + dest + "</destSTP></p2p:p2ps>";
    }

    static String states(String reservationState) {
        return "<connectionStates><reservationState>" + reservationState + "</reservationState>"
                + "<provisionState>Released</provisionState><lifecycleState>Created</lifecycleState>"
                + "<dataPlaneStatus><active>false</active><version>0</version><versionConsistent>true</versionConsistent>"
                + "</dataPlaneStatus></connectionStates>";
    }

    static String serviceExceptionContent(String errorId) {
        return "<nsaId>urn:ogf:network:domain-c.crs.example:2026:nsa</nsaId><errorId>" + errorId + "</errorId>"
                + "<text>refused</text><variables><variable type=\"providerNSA\"><value>"
                + "urn:ogf:network:domain-c.crs.example:2026:nsa</value></variable></variables>";
    }

    /** A SOAP 1.1 fault with {@code detail} as its detail's content. */
    static String fault(String code, String detail) {
        return withBody("<soapenv:Fault><faultcode>soapenv:" + code + "</faultcode><faultstring>refused</faultstring>"
                + "<detail>" + detail + "</detail></soapenv:Fault>");
    }
}
