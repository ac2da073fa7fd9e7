package org.crs.service.security;

/**
 * The port a service implements to say who presents some credentials: the BAR by its accounts,
 * tokens and the certificates of its peers and controllers; an L-NSAP or NSAP by the certificates
 * of the BARs configured for it.
 */
public interface Authenticator {

    /**
     * Who {@code credentials} name, for a request from {@code address}. Called on the request
     * thread for every SOAP call; {@link Credentials.None} answers Authenticated with an anonymous
     * caller only where the service lets anonymous callers in (none do), else Refused.
     */
    Authentication authenticate(Credentials credentials, String address);
}
