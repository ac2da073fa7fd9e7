package org.crs.nsap.contract;

/**
 * The names under which the NSAP port type is published: by an L-NSAP and the NSAP as
 * {@value #SERVICE_NAME}, and by a BAR to its peers as {@value #PEER_SERVICE_NAME}, the same
 * operations in the peer namespace ({@code schema/wsdl/NsapService.wsdl}, {@code PeerService.wsdl}).
 */
public final class NsapContract {

    /** The service name of an L-NSAP's or the NSAP's port type (its URL ends with it). */
    public static final String SERVICE_NAME = "NsapService";
    /** The WSDL and schema namespace of the NSAP port type. */
    public static final String NAMESPACE = "urn:crs:nsap:1";
    /** The service name of a BAR's port type for its peers, the L-NSAPs and the NSAP. */
    public static final String PEER_SERVICE_NAME = "PeerService";
    /** The WSDL and schema namespace of a BAR's PeerService. */
    public static final String PEER_NAMESPACE = "urn:crs:bar-peer:1";

    private NsapContract() {
    }
}
