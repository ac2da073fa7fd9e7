package org.crs.nsap.contract;

/** The names under which the NSAP port type is published. */
public final class NsapContract {

    /** The service name of an L-NSAP's or the NSAP's port type (its URL ends with it). */
    public static final String SERVICE_NAME = "NsapService";
    /** The WSDL and schema namespace of the NSAP port type. */
    public static final String NAMESPACE = "urn:crs:nsap:1";

    private NsapContract() {
    }
}
