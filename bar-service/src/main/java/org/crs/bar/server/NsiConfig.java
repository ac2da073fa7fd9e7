package org.crs.bar.server;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.HandOffPeer;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.domain.nsi.Stp;
import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * The optional {@code nsi} section of the BAR's configuration file (docs/configuration.md, "NSI"):
 * this site as an NSI network. With it the BAR publishes its NML topology and NSA description
 * ({@code /NSI/topology.xml}, {@code /NSI/discovery.xml}); without it, no NSI documents.
 *
 * <pre>{@code
 * nsi:
 *   domain: site-a.crs.example        # required: the DNS-like name in every NSI id of this site
 *   year: 2026                        # required: the year in those ids
 *   name: CRS site-a                  # required: shown to peers
 *   url: https://crs.site-a.example.org:8443   # default: https on tls.port (or http on listen.port)
 *                                     #   of listen.host; where peers reach this BAR
 *   handOffs:                         # default none: the far side of each hand-off port of the campus
 *     - {port: to-domain-c, alias: "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a",
 *        peerNsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
 *   providers:                        # default none: other networks this BAR books far parts from
 *     - site: domain-c                # required: the name endpoints give that network (domain-c:host-c1)
 *       nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"   # required: its NSA id
 *       discovery: https://nsi.domain-c.example/NSI/discovery.xml   # required: its NSA description (its
 *                                     #   provider port, network and NML topology, whose ports' VLANs label the far ends)
 *       providerUrl: https://nsi.domain-c.example/NSI/services/CS2  # default: the description's provider interface
 *       network: "urn:ogf:network:domain-c.crs.example:2026:topology"   # default: the description's (only) networkId
 *       handOff: to-domain-c          # required: the hand-off port wired to it (its alias in handOffs)
 *       subject: "CN=nsa.domain-c.example"   # default none: the client certificate its callbacks must come with
 *       callTimeout: 30s              # default: the BAR's callTimeout; a request and the wait for its result
 *       resultWait: 5s                # default 5s: then querySummarySync is asked, every such pause
 *       activationTimeout: 2m         # default 2m: how long an activation waits for the data plane
 *       tls: {keyStore: ..., keyStorePassword: ..., trustStore: ..., trustStorePassword: ...}
 *                                     # default: the BAR's own tls section
 *   requesters:                       # default none: who may call the provider port, as which NSA
 *     - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", account: domain-c}
 * }</pre>
 *
 * <p>Messages name the key and its line. The STPs the section and the campus topology make
 * together are checked when the BAR starts (and by {@code --check}): {@link BarMain#nsiStps}.
 *
 * @param network this site's NSI ids, name and hand-off peers
 * @param url where peers reach this BAR ({@code nsi.url}); empty: from the listen address
 * @param providers the other networks this BAR books far parts from ({@code nsi.providers})
 * @param requesters which requester NSA ids each account may act as on the provider port ({@code nsi.requesters})
 */
public record NsiConfig(NsiNetwork network, Optional<URI> url, List<ProviderConfig> providers,
                        NsiRequesters requesters) {

    public NsiConfig {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(url, "url");
        providers = List.copyOf(providers);
        Objects.requireNonNull(requesters, "requesters");
    }

    /** No far network and no requester. */
    public NsiConfig(NsiNetwork network, Optional<URI> url) {
        this(network, url, List.of(), NsiRequesters.none());
    }

    /** Far networks, and no requester may call the provider port. */
    public NsiConfig(NsiNetwork network, Optional<URI> url, List<ProviderConfig> providers) {
        this(network, url, providers, NsiRequesters.none());
    }

    /** Requesters of the provider port, and no far network. */
    public NsiConfig(NsiNetwork network, Optional<URI> url, NsiRequesters requesters) {
        this(network, url, List.of(), requesters);
    }

    /**
     * One entry of {@code nsi.providers}, checked as far as the file alone tells; the discovery
     * document is read and the hand-off found when the BAR starts ({@link BarMain#nsiRequester}).
     *
     * @param key {@code nsi.providers[i]}, for errors
     * @param tls this entry's own stores; empty: the BAR's
     */
    public record ProviderConfig(String key, String site, String nsa, URI discovery, Optional<URI> providerUrl,
                                 Optional<String> network, String handOff, Optional<String> subject,
                                 Optional<Duration> callTimeout, Duration resultWait, Duration activationTimeout,
                                 Optional<org.crs.service.tls.TlsSettings> tls) {

        public ProviderConfig {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(site, "site");
            Objects.requireNonNull(nsa, "nsa");
            Objects.requireNonNull(discovery, "discovery");
            Objects.requireNonNull(providerUrl, "providerUrl");
            Objects.requireNonNull(network, "network");
            Objects.requireNonNull(handOff, "handOff");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(callTimeout, "callTimeout");
            Objects.requireNonNull(tls, "tls");
        }

        @Override
        public String toString() {
            return "ProviderConfig[" + key + ": " + site + ", " + nsa + ", " + discovery + ", handOff " + handOff + "]";
        }
    }

    /** One entry of {@code nsi.providers} as written. */
    record ProviderYaml(String site, String nsa, String discovery, String providerUrl, String network, String handOff,
                        String subject, String callTimeout, String resultWait, String activationTimeout,
                        ConfigSections.TlsYaml tls) {

        @Override
        public String toString() {
            return "ProviderYaml[" + site + "]"; // its tls section's passwords never reach a log
        }
    }

    /** The section as the file spells it: raw text until resolved. */
    record NsiYaml(String domain, String year, String name, String url, List<HandOffYaml> handOffs,
                   List<ProviderYaml> providers, List<RequesterYaml> requesters) {
    }

    /** One entry of {@code nsi.requesters}. */
    record RequesterYaml(String nsa, String account) {
    }

    /** One entry of {@code nsi.handOffs}. */
    record HandOffYaml(String port, String alias, String peerNsa) {
    }

    /** The section; empty when the file has none. */
    static Optional<NsiConfig> read(NsiYaml nsi, EnvReferences env, String yaml) {
        return read(nsi, env, Path.of("."), yaml);
    }

    /** The section; {@code baseDir} is where a provider's relative store paths start. */
    static Optional<NsiConfig> read(NsiYaml nsi, EnvReferences env, Path baseDir, String yaml) {
        if (nsi == null) {
            return Optional.empty();
        }
        String domain = ConfigValues.required(env.resolve(nsi.domain(), "nsi.domain"), "nsi.domain").trim();
        String yearText = ConfigValues.required(env.resolve(nsi.year(), "nsi.year"), "nsi.year").trim();
        if (!yearText.matches("\\d{4}")) {
            throw new IllegalArgumentException("nsi.year: four digits, was '" + yearText + "'" + ConfigYaml.at(yaml, "nsi", "year"));
        }
        String name = ConfigValues.required(env.resolve(nsi.name(), "nsi.name"), "nsi.name").trim();
        Optional<URI> url = Optional.empty();
        if (nsi.url() != null) {
            URI given = ConfigValues.httpUrl(env.resolve(nsi.url(), "nsi.url"), "nsi.url", ConfigYaml.at(yaml, "nsi", "url"));
            if (given.getRawPath() != null && !given.getRawPath().isEmpty() && !given.getRawPath().equals("/")
                    || given.getRawQuery() != null || given.getRawFragment() != null) {
                throw new IllegalArgumentException("nsi.url: scheme, host and port only (https://host:8443); the NSI paths"
                        + " are fixed" + ConfigYaml.at(yaml, "nsi", "url"));
            }
            url = Optional.of(URI.create(given.getScheme() + "://" + given.getRawAuthority()));
        }
        List<HandOffPeer> peers = new ArrayList<>();
        List<HandOffYaml> listed = nsi.handOffs() == null ? List.of() : nsi.handOffs();
        for (int i = 0; i < listed.size(); i++) {
            peers.add(handOff(listed.get(i), i, env, yaml));
        }
        List<ProviderConfig> providers = new ArrayList<>();
        List<ProviderYaml> listedProviders = nsi.providers() == null ? List.of() : nsi.providers();
        for (int i = 0; i < listedProviders.size(); i++) {
            ProviderConfig p = provider(listedProviders.get(i), i, env, baseDir, yaml);
            for (ProviderConfig other : providers) {
                if (other.site().equals(p.site()) || other.nsa().equals(p.nsa()) || other.handOff().equals(p.handOff())) {
                    throw new IllegalArgumentException(p.key() + ": its site, nsa or handOff is " + other.key() + "'s too"
                            + ConfigYaml.at(yaml, "nsi", "providers", i));
                }
            }
            providers.add(p);
        }
        NsiRequesters requesters = requesters(nsi.requesters(), env, yaml);
        try {
            return Optional.of(new NsiConfig(new NsiNetwork(domain, Integer.parseInt(yearText), name, peers), url,
                    providers, requesters));
        } catch (IllegalArgumentException e) {
            // NsiNetwork names the key first ("domain: ...", "handOffs: port x is listed twice").
            String key = e.getMessage().contains(":") ? e.getMessage().substring(0, e.getMessage().indexOf(':')) : "";
            throw new IllegalArgumentException("nsi." + e.getMessage() + ConfigYaml.at(yaml, "nsi", key), e);
        }
    }

    private static NsiRequesters requesters(List<RequesterYaml> listed, EnvReferences env, String yaml) {
        Map<String, String> accounts = new LinkedHashMap<>();
        List<RequesterYaml> entries = listed == null ? List.of() : listed;
        for (int i = 0; i < entries.size(); i++) {
            String key = "nsi.requesters[" + i + "]";
            RequesterYaml entry = entries.get(i);
            if (entry == null) {
                throw new IllegalArgumentException(key + " is empty" + ConfigYaml.at(yaml, "nsi", "requesters", i));
            }
            String nsa = ConfigValues.required(env.resolve(entry.nsa(), key + ".nsa"), key + ".nsa").trim();
            String account = ConfigValues.required(env.resolve(entry.account(), key + ".account"), key + ".account").trim();
            if (!nsa.startsWith("urn:ogf:network:")) {
                throw new IllegalArgumentException(key + ".nsa: an NSA id (urn:ogf:network:<domain>:<year>:nsa), was '"
                        + nsa + "'" + ConfigYaml.at(yaml, "nsi", "requesters", i, "nsa"));
            }
            if (accounts.put(nsa, account) != null) {
                throw new IllegalArgumentException(key + ".nsa: " + nsa + " is listed twice"
                        + ConfigYaml.at(yaml, "nsi", "requesters", i, "nsa"));
            }
        }
        return new NsiRequesters(accounts);
    }

    private static HandOffPeer handOff(HandOffYaml entry, int i, EnvReferences env, String yaml) {
        String key = "nsi.handOffs[" + i + "]";
        if (entry == null) {
            throw new IllegalArgumentException(key + " is empty" + ConfigYaml.at(yaml, "nsi", "handOffs", i));
        }
        String port = ConfigValues.required(env.resolve(entry.port(), key + ".port"), key + ".port").trim();
        String aliasText = ConfigValues.required(env.resolve(entry.alias(), key + ".alias"), key + ".alias").trim();
        String peerNsa = ConfigValues.required(env.resolve(entry.peerNsa(), key + ".peerNsa"), key + ".peerNsa").trim();
        Stp alias;
        try {
            alias = Stp.parse(aliasText);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ".alias: " + e.getMessage() + ConfigYaml.at(yaml, "nsi", "handOffs", i,
                    "alias"), e);
        }
        try {
            return new HandOffPeer(port, alias, peerNsa);
        } catch (IllegalArgumentException e) {
            String field = e.getMessage().substring(0, e.getMessage().indexOf(':'));
            throw new IllegalArgumentException(key + "." + e.getMessage() + ConfigYaml.at(yaml, "nsi", "handOffs", i, field),
                    e);
        }
    }

    private static ProviderConfig provider(ProviderYaml entry, int i, EnvReferences env, Path baseDir, String yaml) {
        String key = "nsi.providers[" + i + "]";
        if (entry == null) {
            throw new IllegalArgumentException(key + " is empty" + ConfigYaml.at(yaml, "nsi", "providers", i));
        }
        String site = ConfigValues.name(env.resolve(entry.site(), key + ".site"), key + ".site",
                ConfigYaml.at(yaml, "nsi", "providers", i, "site"));
        String nsa = ConfigValues.required(env.resolve(entry.nsa(), key + ".nsa"), key + ".nsa").trim();
        if (!nsa.startsWith("urn:ogf:network:")) {
            throw new IllegalArgumentException(key + ".nsa: an NSA id, urn:ogf:network:..., was '" + nsa + "'"
                    + ConfigYaml.at(yaml, "nsi", "providers", i, "nsa"));
        }
        URI discovery = ConfigValues.httpUrl(env.resolve(entry.discovery(), key + ".discovery"), key + ".discovery",
                ConfigYaml.at(yaml, "nsi", "providers", i, "discovery"));
        Optional<URI> providerUrl = Optional.ofNullable(entry.providerUrl()).map(u -> ConfigValues.httpUrl(
                env.resolve(u, key + ".providerUrl"), key + ".providerUrl", ConfigYaml.at(yaml, "nsi", "providers", i,
                        "providerUrl")));
        Optional<String> network = Optional.ofNullable(entry.network()).map(n -> env.resolve(n, key + ".network").trim());
        network.ifPresent(n -> {
            if (!n.startsWith("urn:ogf:network:")) {
                throw new IllegalArgumentException(key + ".network: a network id, urn:ogf:network:..., was '" + n + "'"
                        + ConfigYaml.at(yaml, "nsi", "providers", i, "network"));
            }
        });
        String handOff = ConfigValues.required(env.resolve(entry.handOff(), key + ".handOff"), key + ".handOff").trim();
        Optional<String> subject = Optional.ofNullable(entry.subject()).map(v -> {
            String text = env.resolve(v, key + ".subject");
            org.crs.service.tls.CertificateSubjects.parse(text, key + ".subject", ConfigYaml.at(yaml, "nsi", "providers",
                    i, "subject"));
            return text;
        });
        Optional<Duration> callTimeout = Optional.ofNullable(entry.callTimeout()).map(t -> positive(t, key,
                "callTimeout", i, env, yaml));
        Duration resultWait = entry.resultWait() == null ? Duration.ofSeconds(5)
                : positive(entry.resultWait(), key, "resultWait", i, env, yaml);
        Duration activationTimeout = entry.activationTimeout() == null ? Duration.ofMinutes(2)
                : positive(entry.activationTimeout(), key, "activationTimeout", i, env, yaml);
        Optional<org.crs.service.tls.TlsSettings> tls = Optional.empty();
        if (entry.tls() != null) {
            try {
                tls = Optional.of(entry.tls().resolve(env, baseDir, yaml).settings());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + "." + e.getMessage(), e);
            }
        }
        return new ProviderConfig(key, site, nsa, discovery, providerUrl, network, handOff, subject, callTimeout,
                resultWait, activationTimeout, tls);
    }

    private static Duration positive(String text, String key, String field, int i, EnvReferences env, String yaml) {
        String where = ConfigYaml.at(yaml, "nsi", "providers", i, field);
        Duration d = ConfigValues.duration(env.resolve(text, key + "." + field), null, key + "." + field, where);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(key + "." + field + ": must be positive, was " + text + where);
        }
        return d;
    }
}
