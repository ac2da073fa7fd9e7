package org.crs.bar.server;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.net.ssl.SSLContext;

import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.service.server.ServiceShell;

/**
 * This BAR as an NSI requester ({@code nsi.providers}, docs/nsi.md "The requester"): the other
 * networks it books far parts from, and where their providers send results.
 *
 * @param requesterNsa this BAR's NSA id
 * @param providers one per other network, each wired to a hand-off port of the campus
 * @param tls this BAR's certificate and trusted authorities for {@code https} providers; empty: the JVM's
 * @param url {@code nsi.url}; empty: the address the BAR listens on (TLS if it speaks it)
 * @param providerTls the certificate and trusted authorities toward a provider, by its site, where
 *     they differ from {@code tls} ({@code nsi.providers[i].tls}: another network's CA, trusted for
 *     its provider alone)
 */
public record NsiRequester(String requesterNsa, List<FarProvider> providers, Optional<SSLContext> tls,
                           Optional<URI> url, Map<String, SSLContext> providerTls) {

    public NsiRequester {
        Objects.requireNonNull(requesterNsa, "requesterNsa");
        providers = List.copyOf(providers);
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(url, "url");
        providerTls = Map.copyOf(providerTls);
    }

    /** Every provider called with {@code tls}. */
    public NsiRequester(String requesterNsa, List<FarProvider> providers, Optional<SSLContext> tls, Optional<URI> url) {
        this(requesterNsa, providers, tls, url, Map.of());
    }

    /** What {@code provider} is called with: its own, else this BAR's. */
    public Optional<SSLContext> tlsFor(FarProvider provider) {
        return Optional.ofNullable(providerTls.get(provider.site())).or(() -> tls);
    }

    /** The requester port the providers are given as replyTo, once the BAR listens. */
    URI replyTo(ServiceShell shell) {
        URI base = url.orElseGet(() -> {
            URI service = shell.tlsServiceUrl(BarServer.SERVICE_NAME).orElse(shell.serviceUrl(BarServer.SERVICE_NAME));
            return URI.create(service.getScheme() + "://" + service.getRawAuthority());
        });
        return URI.create(base.getScheme() + "://" + base.getRawAuthority() + NsaDiscoveryDocument.REQUESTER_PATH);
    }
}
