package org.crs.bar.server;

import java.net.URI;
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
 *   requesters:                       # default none: who may call the provider port, as which NSA
 *     - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", account: domain-c}
 * }</pre>
 *
 * <p>Messages name the key and its line. The STPs the section and the campus topology make
 * together are checked when the BAR starts (and by {@code --check}): {@link BarMain#nsiStps}.
 *
 * @param network this site's NSI ids, name and hand-off peers
 * @param url where peers reach this BAR ({@code nsi.url}); empty: from the listen address
 * @param requesters which requester NSA ids each account may act as on the provider port ({@code nsi.requesters})
 */
public record NsiConfig(NsiNetwork network, Optional<URI> url, NsiRequesters requesters) {

    public NsiConfig {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(requesters, "requesters");
    }

    /** No requester may call the provider port. */
    public NsiConfig(NsiNetwork network, Optional<URI> url) {
        this(network, url, NsiRequesters.none());
    }

    /** The section as the file spells it: raw text until resolved. */
    record NsiYaml(String domain, String year, String name, String url, List<HandOffYaml> handOffs,
                   List<RequesterYaml> requesters) {
    }

    /** One entry of {@code nsi.requesters}. */
    record RequesterYaml(String nsa, String account) {
    }

    /** One entry of {@code nsi.handOffs}. */
    record HandOffYaml(String port, String alias, String peerNsa) {
    }

    /** The section; empty when the file has none. */
    static Optional<NsiConfig> read(NsiYaml nsi, EnvReferences env, String yaml) {
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
        NsiRequesters requesters = requesters(nsi.requesters(), env, yaml);
        try {
            return Optional.of(new NsiConfig(new NsiNetwork(domain, Integer.parseInt(yearText), name, peers), url,
                    requesters));
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
}
