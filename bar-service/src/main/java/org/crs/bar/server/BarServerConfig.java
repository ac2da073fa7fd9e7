package org.crs.bar.server;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;
import org.crs.service.server.ServiceConfig;
import org.crs.service.server.ServiceConfig.Basics;
import org.crs.service.server.ServiceConfig.Reader;

/**
 * The configuration file of one standalone BAR (docs/configuration.md, docs/deployment.md,
 * {@code deploy/config/bar-site-a.yaml}), read by {@link BarMain}: the top-level keys here,
 * each section read and checked by its own class, named below.
 *
 * <pre>{@code
 * name: bar-site-a                    # required: logs, the scheduler's name; A-Z a-z 0-9 _ . -
 * site: site-a                        # required: this site, as the NSAP names its access point
 *                                     #   and the L-NSAP its own endpoint; A-Z a-z 0-9 _ . -
 * listen:
 *   host: 127.0.0.1                   # default 127.0.0.1; 0.0.0.0 for every interface
 *   port: 8080                        # required; 0 = any free port
 * database:
 *   jdbcUrl: jdbc:hsqldb:file:/var/lib/crs/bar-site-a/db   # required: jdbc:hsqldb:... or jdbc:postgresql:...
 *   user: SA                          # default SA for HSQLDB; required for PostgreSQL
 *   password: ${CRS_DB_PASSWORD}      # default empty
 *   clustered: false                  # default false; true only on PostgreSQL (replicas of this BAR)
 * tls:                                # optional (ServiceConfig): TLS, and this BAR's certificate for its calls
 *   port: 8443                        #   beside plain HTTP on listen.port; without it listen.port speaks TLS
 *   keyStore: certs/bar-site-a.p12
 *   keyStorePassword: ${CRS_KEYSTORE_PASSWORD}
 *   trustStore: certs/trust.p12
 *   trustStorePassword: ${CRS_TRUSTSTORE_PASSWORD}
 *   clientAuth: optional              # people and middleware call without a certificate
 * campus:                             # required ({@link PartsConfig}): this site's L-NSAP
 *   url: https://127.0.0.1:8081/services/NsapService
 *   subject: CN=lnsap-site-a,OU=CRS,O=Demo
 * wan:                                # default none ({@link PartsConfig}): the NSAP; a site without a WAN has no peers
 *   url: https://127.0.0.1:8090/services/NsapService
 *   subject: CN=nsap,OU=CRS,O=Demo
 * peers:                              # default none ({@link PartsConfig}): the BAR of every other site
 *   - {site: site-b, url: https://127.0.0.1:8446/services/PeerService, subject: "CN=bar-site-b,OU=CRS,O=Demo"}
 * callTimeout: 10s                    # default 10s: the longest one call to an L-NSAP, the NSAP or a peer may take
 * booking:                            # optional ({@link BookingConfig}): how the BAR books
 *   setUpLead: 1s
 * approval:                           # optional ({@link ApprovalConfig}): which bookings wait for an operator
 *   rules:
 *     - {overMbps: 1000, decision: wait}
 * quotas:                             # optional ({@link QuotaConfig}): per group, each limit optional
 *   - {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200}
 * mail:                               # optional ({@link NotificationConfig}): without it no mails are sent
 *   host: smtp.example.org
 *   from: crs@example.org
 * notifications:                      # optional ({@link NotificationConfig}): delivery of mails and webhook POSTs
 *   maxAttempts: 50
 * oidc:                               # optional ({@link OidcConfig}): sign-in through the site's OpenID provider
 *   issuer: https://idp.site-a.example.org/realms/crs
 *   clientId: crs-bar-site-a
 *   clientSecret: ${CRS_OIDC_CLIENT_SECRET}           # never logged
 *   redirectUri: https://crs.site-a.example.org/api/oidc/callback
 * networkMap:                         # optional ({@link NetworkMapFiles}): what the reservation browser draws
 *   campuses: [../topology/site-a-campus.yaml, ../topology/site-b-campus.yaml]
 *   wan: ../topology/wan.yaml
 * nsi:                                # optional ({@link NsiConfig}): this site as an NSI network;
 *   domain: site-a.crs.example        #   without it the BAR serves no NSI documents
 *   year: 2026
 *   name: CRS site-a
 *   handOffs:
 *     - {port: to-domain-c, alias: "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a",
 *        peerNsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
 * }</pre>
 *
 * <p>Durations are {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h}, {@code <n>d} (or
 * ISO-8601, {@code PT10S}) and must be positive. Every {@code subject} is required when the
 * file has a {@code tls} section, and optional without one. An {@code https://} URL is called
 * with this BAR's own certificate ({@code tls.keyStore}) and trusts the authorities of
 * {@code tls.trustStore}.
 *
 * <p>Unknown and repeated keys are errors, reported with their place and line; so are bad
 * values, naming the key and its line. A relative {@code jdbc:hsqldb:file:} path is relative to
 * the folder of the configuration file, not to the working directory. Every text value may
 * contain {@code ${NAME}} references to environment variables, with the rules and messages of
 * the L-NSAP's and NSAP's configuration file ({@link ConfigYaml}, which reads both).
 *
 * <p>{@link #toString()} and the messages of the exceptions thrown here never contain the
 * database password.
 *
 * @param basics the keys every service has ({@link ServiceConfig})
 * @param site this site's name
 * @param parts the L-NSAP, the NSAP and the peer BARs: where this BAR calls them, who they call it as
 * @param callTimeout how long one call to an L-NSAP, the NSAP or a peer may take in all
 * @param settings how the BAR books
 * @param approval which bookings wait for an operator's approval
 * @param quotas what each group may book
 * @param notifications how it tells owners about their bookings
 * @param oidc how people sign in through the site's OpenID provider; empty when they do not
 * @param networkMap the topology files the reservation browser's network map is drawn from
 * @param nsi this site as an NSI network; empty when the BAR publishes no NSI documents
 */
public record BarServerConfig(Basics basics, String site, PartsConfig parts, Duration callTimeout, BarSettings settings,
                              ApprovalRules approval, Quotas quotas, NotificationConfig notifications,
                              Optional<OidcSettings> oidc, NetworkMapFiles networkMap, Optional<NsiConfig> nsi)
        implements ServiceConfig {

    /** Reads the file ({@code BarServerConfig.FILE.load(path)}), or parses its text. */
    public static final Reader<BarServerConfig> FILE = new Reader<>(BarServerConfig::parse);
    /** Default {@code callTimeout}. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);

    public BarServerConfig {
        Objects.requireNonNull(basics, "basics");
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(parts, "parts");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(quotas, "quotas");
        Objects.requireNonNull(notifications, "notifications");
        Objects.requireNonNull(oidc, "oidc");
        Objects.requireNonNull(networkMap, "networkMap");
        Objects.requireNonNull(nsi, "nsi");
    }

    /** The service URL of this site's L-NSAP ({@code campus.url}). */
    public URI campus() {
        return parts.campus();
    }

    /** The service URL of the NSAP ({@code wan.url}); empty for a site without a WAN. */
    public Optional<URI> wan() {
        return parts.wan();
    }

    /** The PeerService URL of every other site's BAR, by site, in the file's order. */
    public Map<String, URI> peers() {
        return parts.peers();
    }

    /** The certificate subjects of the services that call this BAR over TLS. */
    public PartsConfig.CallerSubjects subjects() {
        return parts.subjects();
    }

    /** The approval rules and quotas, as the BAR is started with them. */
    public BarPolicy policy() {
        return BarPolicy.of(approval, quotas);
    }

    @Override
    public String toString() {
        return "BarServerConfig[" + basicsForLog() + ", site=" + site + ", campus=" + campus() + ", wan=" + wan()
                + ", peers=" + peers() + ", callTimeout=" + callTimeout + ", settings=" + settings + ", approval=" + approval
                + ", quotas=" + quotas + ", notifications=" + notifications + ", subjects=" + subjects() + ", oidc=" + oidc
                + ", networkMap=" + networkMap + ", nsi=" + nsi + "]";
    }

    // --- reading: the top-level keys here, each section by its class ------------------------------

    private static BarServerConfig parse(String yaml, Path baseDir, Path source, EnvReferences env) {
        FileYaml file = ConfigYaml.read(yaml, FileYaml.class);
        Basics basics = ServiceConfig.basics(yaml, baseDir, source, env, file.name(), file.listen(),
                file.database(), file.tls(), "{host: 127.0.0.1, port: 8080}");
        String site = ConfigValues.name(env.resolve(file.site(), "site"), "site", ConfigYaml.at(yaml, "site"));
        PartsConfig parts = PartsConfig.read(file.campus(), file.wan(), file.peers(), site, basics.tls().isPresent(), env,
                yaml);
        Duration callTimeout = ConfigValues.duration(env.resolve(file.callTimeout(), "callTimeout"), DEFAULT_CALL_TIMEOUT,
                "callTimeout", ConfigYaml.at(yaml, "callTimeout"));
        BarSettings settings = BookingConfig.read(file.booking(), callTimeout, env, yaml);
        NotificationConfig notifications = NotificationConfig.read(file.mail(), file.notifications(), basics.name(),
                baseDir, env, yaml);
        return new BarServerConfig(basics, site, parts, callTimeout, settings, ApprovalConfig.read(file.approval(), env, yaml),
                QuotaConfig.read(file.quotas(), env, yaml), notifications, OidcConfig.read(file.oidc(), env, yaml),
                NetworkMapFiles.read(file.networkMap(), baseDir, yaml), NsiConfig.read(file.nsi(), env, baseDir, yaml));
    }

    /** The file's shape: raw text until resolved; these records never reach a log. */
    private record FileYaml(String name, String site, ConfigSections.ListenYaml listen, ConfigSections.DatabaseYaml database,
                            ConfigSections.TlsYaml tls, PartsConfig.UrlYaml campus, PartsConfig.UrlYaml wan,
                            List<PartsConfig.PeerYaml> peers, String callTimeout, BookingConfig.BookingYaml booking,
                            ApprovalConfig.ApprovalYaml approval, List<QuotaConfig.QuotaYaml> quotas,
                            NotificationConfig.MailYaml mail, NotificationConfig.NotificationsYaml notifications,
                            OidcConfig.OidcYaml oidc, NetworkMapFiles.NetworkMapYaml networkMap, NsiConfig.NsiYaml nsi) {
        @Override
        public String toString() {
            return "config " + name;
        }
    }
}
