package org.crs.nsi.contract;

/**
 * The two SOAP ports of the connection service: the provider's, which takes requests, and the
 * requester's, which takes their results and notifications.
 */
public enum NsiPort {
    /** Requests to a provider (reserve, provision, queries ...). */
    PROVIDER("application/vnd.ogf.nsi.cs.v2.provider+soap", "/NSI/services/ConnectionProvider",
            "nsi-connection-provider.wsdl"),
    /** Results and notifications to a requester (reserveConfirmed, dataPlaneStateChange ...). */
    REQUESTER("application/vnd.ogf.nsi.cs.v2.requester+soap", "/NSI/services/ConnectionRequester",
            "nsi-connection-requester.wsdl");

    private final String protocolVersion;
    private final String path;
    private final String wsdl;

    NsiPort(String protocolVersion, String path, String wsdl) {
        this.protocolVersion = protocolVersion;
        this.path = path;
        this.wsdl = wsdl;
    }

    /** The header's {@code protocolVersion} of a message sent to this port. */
    public String protocolVersion() {
        return protocolVersion;
    }

    /** Where a CRS BAR serves this port, on its plain and its TLS port. */
    public String path() {
        return path;
    }

    /** The WSDL's file name among {@link NsiSchemas}' resources. */
    public String wsdlFile() {
        return wsdl;
    }
}
