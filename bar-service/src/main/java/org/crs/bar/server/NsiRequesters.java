package org.crs.bar.server;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.nsi.NsaDescriptionReader;
import org.crs.bar.nsi.topology.SiteStp;
import org.crs.domain.nsi.Stp;
import org.crs.service.tls.CertificateSubjects;
import org.crs.service.tls.TlsContexts;

/**
 * This BAR as an NSI requester, from its {@code nsi.providers} ({@link NsiConfig.ProviderConfig}):
 * each provider's hand-off found in the site's STPs (an unknown one, or one without an alias in
 * {@code nsi.handOffs}, stops the BAR naming it), its provider URL and network id read from its
 * NSA description unless both are given.
 */
final class NsiRequesters {

    /** Reads a description; the BAR's is over HTTP, a test's may be anything. */
    @FunctionalInterface
    interface Descriptions {
        NsaDescriptionReader.Description fetch(URI url, SSLContext tls, java.time.Duration timeout) throws IOException;
    }

    private NsiRequesters() {
    }

    /**
     * The requester, or empty without providers.
     *
     * @param fetch false for {@code --check}: the hand-offs are checked, no description is fetched
     * @throws IllegalArgumentException naming the key at fault
     */
    static Optional<NsiRequester> of(BarServerConfig config, Optional<NsiPublication> publication, boolean fetch,
                                     Descriptions descriptions) {
        if (config.nsi().isEmpty() || config.nsi().get().providers().isEmpty() || publication.isEmpty()) {
            return Optional.empty();
        }
        NsiConfig nsi = config.nsi().get();
        Optional<SSLContext> own = config.basics().tls().map(t -> TlsContexts.client(t.settings()));
        List<FarProvider> providers = new ArrayList<>();
        for (NsiConfig.ProviderConfig p : nsi.providers()) {
            if (p.site().equals(config.site()) || config.peers().containsKey(p.site())) {
                throw new IllegalArgumentException(p.key() + ".site: " + p.site() + " is this site or a peer BAR's;"
                        + " a network booked over NSI needs a name of its own");
            }
            SiteStp.HandOffStp handOff = publication.get().stps().handOffs().stream()
                    .filter(h -> h.handOff().name().equals(p.handOff())).findFirst().orElseThrow(() ->
                            new IllegalArgumentException(p.key() + ".handOff: the campus topology has no hand-off "
                                    + p.handOff() + "; it has " + publication.get().stps().handOffs().stream()
                                    .map(h -> h.handOff().name()).toList()));
            Stp alias = handOff.peer().orElseThrow(() -> new IllegalArgumentException(p.key() + ".handOff: hand-off "
                    + p.handOff() + " has no alias in nsi.handOffs (the far network's port it is wired to)")).alias();
            Stp far = new Stp(alias.networkId(), alias.localId(), handOff.stp().vlans());
            Optional<SSLContext> tls = p.tls().map(TlsContexts::client).or(() -> own);
            java.time.Duration timeout = p.callTimeout().orElse(config.callTimeout());
            URI providerUrl = p.providerUrl().orElse(null);
            String network = p.network().orElse(null);
            Optional<URI> topology = Optional.empty();
            if (fetch && (providerUrl == null || network == null)) {
                NsaDescriptionReader.Description d;
                try {
                    d = descriptions.fetch(p.discovery(), tls.orElse(null), timeout);
                } catch (IOException e) {
                    throw new IllegalArgumentException(p.key() + ".discovery: " + e.getMessage() + " (give providerUrl and"
                            + " network to start without it)", e);
                }
                topology = d.topologyUrl();
                if (providerUrl == null) {
                    providerUrl = d.providerUrl().orElseThrow(() -> new IllegalArgumentException(p.key()
                            + ".discovery: the description of " + p.nsa() + " has no provider interface"));
                }
                if (network == null) {
                    if (d.networkIds().size() != 1) {
                        throw new IllegalArgumentException(p.key() + ".network: the description names "
                                + d.networkIds() + "; say which network the hand-off's far end is in");
                    }
                    network = d.networkIds().get(0);
                }
            }
            if (!fetch) {
                continue;
            }
            if (!network.equals(alias.networkId())) {
                throw new IllegalArgumentException(p.key() + ".network: " + network + ", but the alias of hand-off "
                        + p.handOff() + " is in " + alias.networkId());
            }
            Optional<X500Principal> subject = p.subject().map(s -> CertificateSubjects.parse(s, p.key() + ".subject", ""));
            providers.add(new FarProvider(p.site(), p.nsa(), providerUrl, network, p.handOff(), far, subject, timeout,
                    p.resultWait(), p.activationTimeout(), topology));
        }
        return fetch ? Optional.of(new NsiRequester(nsi.network().nsaId(), providers, own, nsi.url())) : Optional.empty();
    }
}
