package org.crs.nsap.service;

/**
 * Which new booking ids a served BAR may take. A BAR names its bookings
 * {@code <its site>:<request id>:<part>}; an id is taken by the first hold or abort that names
 * it, so where the BARs of several sites book (the WAN's NSAP), one could take the ids
 * another site's BAR is about to use and have its holds refused.
 */
public enum BookingIdScope {

    /**
     * Any well-formed id: a provider that serves one site's BAR (an L-NSAP, where that BAR also
     * books the campus part of its peers' reservations under their ids).
     */
    ANY,

    /**
     * Only ids that begin with the caller's site and a colon: a provider that serves the BARs of
     * several sites. The process itself (sweeps, a service without access control) is not bound.
     */
    CALLERS_SITE;

    /** The scope of a provider that serves the BARs of {@code servedSites}. */
    public static BookingIdScope forServedSites(int servedSites) {
        return servedSites > 1 ? CALLERS_SITE : ANY;
    }
}
