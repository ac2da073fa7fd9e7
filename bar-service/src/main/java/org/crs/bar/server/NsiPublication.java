package org.crs.bar.server;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.SiteStps;

/**
 * What a BAR publishes over NSI: its site's STPs, and the address peers reach it at.
 *
 * @param stps the STPs, checked against the campus topology ({@link BarMain#nsiStps})
 * @param url {@code nsi.url}; empty: the address the BAR listens on (TLS if it speaks it)
 * @param requesters the requester NSAs each account may act as on the provider port ({@code nsi.requesters})
 */
public record NsiPublication(SiteStps stps, Optional<URI> url, NsiRequesters requesters) {

    public NsiPublication {
        Objects.requireNonNull(stps, "stps");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(requesters, "requesters");
    }

    /** The STPs at this address, no requester allowed on the provider port. */
    public NsiPublication(SiteStps stps, Optional<URI> url) {
        this(stps, url, NsiRequesters.none());
    }
}
