package org.crs.bar.server;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.security.auth.x500.X500Principal;

import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;
import org.crs.service.tls.CertificateSubjects;
import org.crs.service.tls.ClientCertificate;

/**
 * The parts a BAR books circuits from, read from the {@code campus}, {@code wan} and
 * {@code peers} sections of its configuration file: the URL it calls each at, and the
 * certificate subject each calls it with.
 *
 * <pre>{@code
 * campus:
 *   url: https://127.0.0.1:8081/services/NsapService  # required: this site's L-NSAP
 *   subject: CN=lnsap-site-a,OU=CRS,O=Demo            # required with tls: the certificate it calls this BAR with
 * wan:                                # default none: a site without a WAN (no peers then)
 *   url: https://127.0.0.1:8090/services/NsapService  # required: the NSAP
 *   subject: CN=nsap,OU=CRS,O=Demo                    # required with tls
 * peers:                              # default none: the BAR of every other site
 *   - {site: site-b, url: https://127.0.0.1:8446/services/PeerService, subject: "CN=bar-site-b,OU=CRS,O=Demo"}
 * }</pre>
 *
 * <p>URLs must be {@code http://} or {@code https://} with a host, and carry no user or
 * password. Every part answers only a certificate it knows, so with a {@code tls} section every
 * URL must be {@code https://}, called with this BAR's certificate ({@code tls.keyStore}), and
 * without one none may be ({@link ClientCertificate#requireFor}): the due work, reconciliation
 * and traffic check would otherwise call for ever and never be answered. A peer's {@code site} follows the rule of {@code site}, appears once, and is not
 * this site. A {@code subject} is an X.500 distinguished name, compared as a name, not as text
 * ({@link CertificateSubjects#same}). Messages name the key ({@code peers[1].url}) and its line,
 * never quote a URL. A site without {@code wan} reaches other networks only through its
 * hand-offs, over NSI ({@code nsi.providers}): it may have no peers, since the BAR of another
 * site is reached over the WAN.
 *
 * @param campus the service URL of this site's L-NSAP
 * @param wan the service URL of the NSAP; empty for a site without a WAN
 * @param peers the PeerService URL of every other site's BAR, by site, in the file's order
 * @param subjects the certificate subjects of the services that call this BAR over TLS
 */
public record PartsConfig(URI campus, Optional<URI> wan, Map<String, URI> peers, CallerSubjects subjects) {

    public PartsConfig {
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(wan, "wan");
        peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
        Objects.requireNonNull(subjects, "subjects");
    }

    /**
     * The certificate subject each service presents when it calls this BAR (on its PeerService):
     * who the client certificate of a request over TLS must name to be taken for that service.
     * Empty when the configuration does not say (a BAR without TLS).
     *
     * @param campus the subject of this site's L-NSAP ({@code campus.subject}), which asks
     *     {@code segmentWanted} about its orphan segments
     * @param wan the subject of the NSAP ({@code wan.subject}), which asks the same
     * @param peers the subject of every other site's BAR, by site ({@code peers[i].subject}),
     *     calling PeerService for its bookings' segments at this site
     */
    public record CallerSubjects(Optional<X500Principal> campus, Optional<X500Principal> wan,
                                 Map<String, X500Principal> peers) {
        public CallerSubjects {
            Objects.requireNonNull(campus, "campus");
            Objects.requireNonNull(wan, "wan");
            peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
        }

        /** No subject named. */
        public static CallerSubjects none() {
            return new CallerSubjects(Optional.empty(), Optional.empty(), Map.of());
        }
    }

    /** The {@code campus} or {@code wan} section as the file spells it: raw text until resolved. */
    record UrlYaml(String url, String subject) {
    }

    /** One of {@code peers} as the file spells it. */
    record PeerYaml(String site, String url, String subject) {
    }

    /**
     * Reads the three sections.
     *
     * @param site this BAR's own site, which no peer may be
     * @param hasTls whether the file has a tls section: every part must then name its subject and be https://
     */
    static PartsConfig read(UrlYaml campusYaml, UrlYaml wanYaml, List<PeerYaml> peerList, String site,
                            boolean hasTls, EnvReferences env, String yaml) {
        URI campus = url(campusYaml, "campus", hasTls, env, yaml);
        Optional<URI> wan = wanYaml == null ? Optional.empty() : Optional.of(url(wanYaml, "wan", hasTls, env, yaml));
        Optional<X500Principal> campusSubject = subject(campusYaml.subject(), "campus.subject", hasTls, env,
                ConfigYaml.at(yaml, "campus", "subject"));
        Optional<X500Principal> wanSubject = wanYaml == null ? Optional.empty() : subject(wanYaml.subject(),
                "wan.subject", hasTls, env, ConfigYaml.at(yaml, "wan", "subject"));
        if (wan.isEmpty() && peerList != null && !peerList.isEmpty()) {
            throw new IllegalArgumentException("peers: a site without wan has no peers (another site's BAR is reached over"
                    + " the WAN); add wan: {url: ...} or remove peers" + ConfigYaml.at(yaml, "peers"));
        }

        Map<String, URI> peers = new LinkedHashMap<>();
        Map<String, X500Principal> peerSubjects = new LinkedHashMap<>();
        List<PeerYaml> listed = peerList == null ? List.of() : peerList;
        for (int i = 0; i < listed.size(); i++) {
            PeerYaml p = listed.get(i);
            String key = "peers[" + i + "]";
            if (p == null) {
                throw new IllegalArgumentException(key + " is empty (- {site: site-b, url: http://...})");
            }
            String peerSite = ConfigValues.name(env.resolve(p.site(), key + ".site"), key + ".site",
                    ConfigYaml.at(yaml, "peers", i, "site"));
            if (peerSite.equals(site)) {
                throw new IllegalArgumentException(key + ".site: " + peerSite + " is this BAR's own site; list only the"
                        + " BARs of other sites" + ConfigYaml.at(yaml, "peers", i, "site"));
            }
            if (peers.containsKey(peerSite)) {
                throw new IllegalArgumentException(key + ".site: " + peerSite + " is listed twice"
                        + ConfigYaml.at(yaml, "peers", i, "site"));
            }
            String urlAt = ConfigYaml.at(yaml, "peers", i, "url");
            peers.put(peerSite, ClientCertificate.requireFor(ConfigValues.httpUrl(env.resolve(p.url(), key + ".url"),
                    key + ".url", urlAt), hasTls, key + ".url", urlAt));
            subject(p.subject(), key + ".subject", hasTls, env, ConfigYaml.at(yaml, "peers", i, "subject"))
                    .ifPresent(subject -> peerSubjects.put(peerSite, subject));
        }
        return new PartsConfig(campus, wan, peers, new CallerSubjects(campusSubject, wanSubject, peerSubjects));
    }

    /**
     * An http(s) URL with a host and no user information, called with this BAR's certificate
     * ({@link ClientCertificate#requireFor}); the message never quotes the value.
     */
    private static URI url(UrlYaml section, String key, boolean hasTls, EnvReferences env, String yaml) {
        if (section == null) {
            throw new IllegalArgumentException(key + " is missing (" + key + ": {url: https://host:port/services/NsapService})");
        }
        String where = ConfigYaml.at(yaml, key, "url");
        return ClientCertificate.requireFor(ConfigValues.httpUrl(env.resolve(section.url(), key + ".url"), key + ".url",
                where), hasTls, key + ".url", where);
    }

    /** A caller's certificate subject; required when the BAR speaks TLS. */
    private static Optional<X500Principal> subject(String value, String key, boolean required, EnvReferences env,
                                                   String where) {
        String text = env.resolve(value, key);
        if (text == null || text.isBlank()) {
            if (required) {
                throw new IllegalArgumentException(key + " is missing: with tls, name the certificate subject that service"
                        + " calls this BAR with (CN=...,OU=...,O=...)" + where);
            }
            return Optional.empty();
        }
        return Optional.of(CertificateSubjects.parse(text, key, where));
    }
}
