package org.crs.nsi.contract;

/** The XML namespaces of NSI CS 2.0 and of SOAP 1.1, in one place. */
public final class NsiNamespaces {

    /** SOAP 1.1's envelope; NSI speaks no other SOAP. */
    public static final String SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
    /** The connection service's messages ({@code reserve}, {@code acknowledgment}, ...). */
    public static final String CONNECTION_TYPES = "http://schemas.ogf.org/nsi/2013/12/connection/types";
    /** The {@code nsiHeader} block. */
    public static final String HEADERS = "http://schemas.ogf.org/nsi/2013/12/framework/headers";
    /** {@code ServiceExceptionType}; OpenNSA puts its fault's {@code serviceException} here. */
    public static final String FRAMEWORK_TYPES = "http://schemas.ogf.org/nsi/2013/12/framework/types";
    /** STP and directionality types. */
    public static final String SERVICES_TYPES = "http://schemas.ogf.org/nsi/2013/12/services/types";
    /** The point-to-point service element {@code p2ps}. */
    public static final String POINT_TO_POINT = "http://schemas.ogf.org/nsi/2013/12/services/point2point";
    /** The provider port's WSDL. */
    public static final String PROVIDER = "http://schemas.ogf.org/nsi/2013/12/connection/provider";
    /** The requester port's WSDL. */
    public static final String REQUESTER = "http://schemas.ogf.org/nsi/2013/12/connection/requester";
    /** What every NSI namespace begins with: a child in any of them is read as unqualified. */
    public static final String NSI_PREFIX = "http://schemas.ogf.org/nsi/";

    private NsiNamespaces() {
    }
}
