package org.crs.bar.server;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.nsi.topology.SiteStps;

/**
 * What a BAR publishes over NSI: its site's STPs, and the address peers reach it at.
 *
 * @param stps the STPs, checked against the campus topology ({@link BarMain#nsiStps})
 * @param url {@code nsi.url}; empty: the address the BAR listens on (TLS if it speaks it)
 */
public record NsiPublication(SiteStps stps, Optional<URI> url) {

    public NsiPublication {
        Objects.requireNonNull(stps, "stps");
        Objects.requireNonNull(url, "url");
    }
}
