package org.crs.bar.server;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.Optional;

import javax.security.auth.x500.X500Principal;

import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;
import org.crs.service.server.ServiceConfig;
import org.crs.service.tls.CertificateSubjects;
import org.crs.service.server.ServiceConfig.Basics;
import org.crs.service.server.ServiceConfig.Reader;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.notify.NotificationSettings;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.SetUpPlan;
import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.domain.access.Role;

/**
 * The configuration file of one standalone BAR (docs/configuration.md, docs/deployment.md,
 * {@code deploy/config/bar-site-a.yaml}), read by {@link BarMain}.
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
 * campus:
 *   url: https://127.0.0.1:8081/services/NsapService  # required: this site's L-NSAP
 *   subject: CN=lnsap-site-a,OU=CRS,O=Demo            # required with tls: the certificate it calls this BAR with
 * wan:
 *   url: https://127.0.0.1:8090/services/NsapService  # required: the NSAP
 *   subject: CN=nsap,OU=CRS,O=Demo                    # required with tls
 * peers:                              # default none: the BAR of every other site
 *   - {site: site-b, url: https://127.0.0.1:8446/services/PeerService, subject: "CN=bar-site-b,OU=CRS,O=Demo"}
 * callTimeout: 10s                    # default 10s: the longest one call to an L-NSAP, the NSAP or a peer may take
 * booking:                            # optional, and so is each key; defaults: BarSettings.defaults()
 *   negotiationHold: 2m               # how long segments stay held while a reservation is negotiated
 *   clientHold: 10m                   # how long a hold-only reservation waits for the client's commit
 *   setUpLead: 1s                     # how long before the start activation begins (with setUpPlan: at most; it is booked)
 *   setUpPlan:                        # optional: begin each activation early enough for the work queued on its parts
 *     perCircuit: 700ms               #   router time of one circuit on its busiest router
 *     perBatch: 6s                    #   router time of one batch beyond its circuits' lines (login, read-backs, save)
 *     batchSize: 50                   #   circuits a router takes in one batch
 *     minimumLead: 1s                 #   the lead of a circuit with nothing queued before it
 *   tearDownAllowance: 5s             # how long after the end a circuit may take to come off its routers
 *   minimumDuration: 1m               # the shortest reservation accepted
 *   maximumAdvance: 366d              # how far ahead a reservation may start
 *   activationGrace: 5m               # how long after the start a circuit's activation is still tried
 *   retryPause: 1s                    # the first pause before a call that did not reach a part is tried again
 *   retryMaxPause: 1m                 # the longest pause: the pause doubles up to it
 *   reconcileEvery: 5m                # how often the BAR asks its parts whether they hold its live reservations
 * approval:                           # optional: which bookings wait for an operator (docs/security.md)
 *   deadlineBeforeStart: 0s           # default 0s: a waiting booking must be approved by its start
 *   rules:                            # tried in order, the first that matches decides; none matches: approve
 *     - {overMbps: 1000, decision: wait}          # criteria, all optional: overMbps, longerThan, startsBeyond,
 *                                                 #   sites: [site-a, site-b], group, role; decision: approve | wait
 * quotas:                             # optional: per group, each limit optional
 *   - {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200}
 * mail:                               # optional: without it no mails are sent (webhooks still are)
 *   host: smtp.example.org            # required in mail
 *   port: 587                         # default 25 (none), 587 (starttls), 465 (smtps)
 *   from: crs@example.org             # required in mail: the sender's address
 *   tls: starttls                     # none | starttls | smtps; default starttls
 *   user: crs                         # default none: no authentication
 *   password: ${CRS_SMTP_PASSWORD}    # default empty; never logged
 *   templates: mail-templates         # default: the jar's templates; a folder, relative to this file
 *   bookingLink: https://crs.example.org/reservations/{requestId}   # default empty: mails carry no link
 *   endingSoonLead: 1d                # how long before an active circuit ends its owner is offered to extend it
 * notifications:                      # optional, and so is each key: delivery of mails and webhook POSTs
 *   retryPause: 30s                   # the first pause after a failed delivery; it doubles
 *   retryMaxPause: 1h                 # the longest pause
 *   maxAttempts: 50                   # then the message is given up (and logged)
 *   keep: 30d                         # how long delivered and given-up messages stay in the outbox
 * oidc:                               # optional: sign-in through the site's OpenID provider ({@link OidcConfig})
 *   issuer: https://idp.site-a.example.org/realms/crs
 *   clientId: crs-bar-site-a
 *   clientSecret: ${CRS_OIDC_CLIENT_SECRET}           # never logged
 *   redirectUri: https://crs.site-a.example.org/api/oidc/callback
 * networkMap:                         # optional: the topology files the reservation browser draws the network from
 *   campuses: [../topology/site-a-campus.yaml, ../topology/site-b-campus.yaml]
 *   wan: ../topology/wan.yaml
 * }</pre>
 *
 * <p>Durations are {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h}, {@code <n>d} (or
 * ISO-8601, {@code PT10S}) and must be positive. URLs must be {@code http://} or
 * {@code https://} with a host, and carry no user or password. A peer's {@code site} follows the
 * rule of {@code site}, appears once, and is not this site. A {@code subject} is an X.500
 * distinguished name ({@code CN=bar-site-b,OU=CRS,O=Demo}), compared as a name, not as text
 * ({@link CertificateSubjects#same}); every one is required when the file has a {@code tls}
 * section, and optional without one. An {@code https://} URL is called with this BAR's own
 * certificate ({@code tls.keyStore}) and trusts the authorities of {@code tls.trustStore}.
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
 * @param campus the service URL of this site's L-NSAP
 * @param wan the service URL of the NSAP
 * @param peers the PeerService URL of every other site's BAR, by site, in the file's order
 * @param callTimeout how long one call to an L-NSAP, the NSAP or a peer may take in all
 * @param settings how the BAR books
 * @param approval which bookings wait for an operator's approval
 * @param quotas what each group may book
 * @param notifications how it tells owners about their bookings
 * @param subjects the certificate subjects of the services that call this BAR over TLS
 * @param oidc how people sign in through the site's OpenID provider; empty when they do not
 * @param networkMap the topology files the reservation browser's network map is drawn from
 */
public record BarServerConfig(Basics basics, String site, URI campus, URI wan, Map<String, URI> peers, Duration callTimeout,
                              BarSettings settings, ApprovalRules approval, Quotas quotas,
                              NotificationConfig notifications, CallerSubjects subjects,
                              Optional<OidcSettings> oidc, NetworkMapFiles networkMap) implements ServiceConfig {

    /** The topology files of the network map: campus files and the WAN's, each optional. */
    public record NetworkMapFiles(List<Path> campuses, Optional<Path> wan) {
        public NetworkMapFiles {
            campuses = List.copyOf(campuses);
            Objects.requireNonNull(wan, "wan");
        }

        public static NetworkMapFiles none() {
            return new NetworkMapFiles(List.of(), Optional.empty());
        }
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

    /** Reads the file ({@code BarServerConfig.FILE.load(path)}), or parses its text. */
    public static final Reader<BarServerConfig> FILE = new Reader<>(BarServerConfig::parse);
    /** Default {@code callTimeout}. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);

    public BarServerConfig {
        Objects.requireNonNull(basics, "basics");
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(wan, "wan");
        peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(quotas, "quotas");
        Objects.requireNonNull(notifications, "notifications");
        Objects.requireNonNull(subjects, "subjects");
        Objects.requireNonNull(oidc, "oidc");
        Objects.requireNonNull(networkMap, "networkMap");
    }

    /** A BAR that approves every booking, has no quotas, sends no mails (webhooks still go) and names no certificate subjects. */
    public BarServerConfig(Basics basics, String site, URI campus, URI wan, Map<String, URI> peers, Duration callTimeout,
                           BarSettings settings) {
        this(basics, site, campus, wan, peers, callTimeout, settings, ApprovalRules.none(), new Quotas(List.of()),
                NotificationConfig.none(basics.name()), CallerSubjects.none(), Optional.empty(), NetworkMapFiles.none());
    }

    /** The approval rules and quotas, as the BAR is started with them. */
    public BarPolicy policy() {
        return BarPolicy.of(approval, quotas);
    }

    @Override
    public String toString() {
        return "BarServerConfig[" + basicsForLog() + ", site=" + site + ", campus=" + campus + ", wan=" + wan
                + ", peers=" + peers + ", callTimeout=" + callTimeout + ", settings=" + settings + ", approval=" + approval
                + ", quotas=" + quotas + ", notifications=" + notifications + ", subjects=" + subjects + ", oidc=" + oidc
                + ", networkMap=" + networkMap + "]";
    }

    // --- reading ---------------------------------------------------------------------------------

    private static BarServerConfig parse(String yaml, Path baseDir, Path source, EnvReferences env) {
        FileYaml file = ConfigYaml.read(yaml, FileYaml.class);
        Basics basics = ServiceConfig.basics(yaml, baseDir, source, env, file.name(), file.listen(),
                file.database(), file.tls(), "{host: 127.0.0.1, port: 8080}");
        boolean subjectsRequired = basics.tls().isPresent();
        String site = ConfigValues.name(env.resolve(file.site(), "site"), "site", ConfigYaml.at(yaml, "site"));
        URI campus = url(file.campus(), "campus", env, yaml);
        URI wan = url(file.wan(), "wan", env, yaml);
        Optional<X500Principal> campusSubject = subject(file.campus().subject(), "campus.subject", subjectsRequired, env,
                ConfigYaml.at(yaml, "campus", "subject"));
        Optional<X500Principal> wanSubject = subject(file.wan().subject(), "wan.subject", subjectsRequired, env,
                ConfigYaml.at(yaml, "wan", "subject"));

        Map<String, URI> peers = new LinkedHashMap<>();
        Map<String, X500Principal> peerSubjects = new LinkedHashMap<>();
        List<PeerYaml> peerList = file.peers() == null ? List.of() : file.peers();
        for (int i = 0; i < peerList.size(); i++) {
            PeerYaml p = peerList.get(i);
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
            peers.put(peerSite, checkedUrl(env.resolve(p.url(), key + ".url"), key + ".url",
                    ConfigYaml.at(yaml, "peers", i, "url")));
            subject(p.subject(), key + ".subject", subjectsRequired, env, ConfigYaml.at(yaml, "peers", i, "subject"))
                    .ifPresent(subject -> peerSubjects.put(peerSite, subject));
        }

        Duration callTimeout = ConfigValues.duration(env.resolve(file.callTimeout(), "callTimeout"), DEFAULT_CALL_TIMEOUT,
                "callTimeout", ConfigYaml.at(yaml, "callTimeout"));
        BarSettings settings = settings(file.booking(), callTimeout, env, yaml);

        NotificationConfig notifications = notifications(file.mail(), file.notifications(), basics.name(), baseDir, env,
                yaml);
        return new BarServerConfig(basics, site, campus, wan, peers, callTimeout, settings,
                approval(file.approval(), env, yaml), quotas(file.quotas(), env, yaml), notifications,
                new CallerSubjects(campusSubject, wanSubject, peerSubjects), OidcConfig.read(file.oidc(), env, yaml),
                networkMap(file.networkMap(), baseDir, yaml));
    }

    /** The topology files named, resolved against the configuration's folder; each must exist. */
    private static NetworkMapFiles networkMap(NetworkMapYaml map, Path baseDir, String yaml) {
        if (map == null) {
            return NetworkMapFiles.none();
        }
        List<Path> campuses = new ArrayList<>();
        List<String> named = map.campuses() == null ? List.of() : map.campuses();
        for (int i = 0; i < named.size(); i++) {
            campuses.add(existing(named.get(i), baseDir, "networkMap.campuses[" + i + "]",
                    ConfigYaml.at(yaml, "networkMap", "campuses", i)));
        }
        Optional<Path> wan = map.wan() == null || map.wan().isBlank() ? Optional.empty()
                : Optional.of(existing(map.wan(), baseDir, "networkMap.wan", ConfigYaml.at(yaml, "networkMap", "wan")));
        return new NetworkMapFiles(campuses, wan);
    }

    private static Path existing(String file, Path baseDir, String key, String at) {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException(key + " is empty: name a topology file" + at);
        }
        Path p = baseDir.resolve(file.trim()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(key + ": no file " + p + at);
        }
        return p;
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

    private static ApprovalRules approval(ApprovalYaml approval, EnvReferences env, String yaml) {
        if (approval == null) {
            return ApprovalRules.none();
        }
        String deadlineText = env.resolve(approval.deadlineBeforeStart(), "approval.deadlineBeforeStart");
        Duration deadline = deadlineText == null || ZERO.matcher(deadlineText.trim()).matches()
                ? ApprovalRules.DEFAULT_DEADLINE_BEFORE_START
                : ConfigValues.duration(deadlineText, null, "approval.deadlineBeforeStart",
                        ConfigYaml.at(yaml, "approval", "deadlineBeforeStart"));
        List<ApprovalRule> rules = new ArrayList<>();
        List<RuleYaml> ruleList = approval.rules() == null ? List.of() : approval.rules();
        for (int i = 0; i < ruleList.size(); i++) {
            RuleYaml r = ruleList.get(i);
            int at = i;
            String key = "approval.rules[" + i + "]";
            if (r == null) {
                throw new IllegalArgumentException(key + " is empty (- {overMbps: 1000, decision: wait})");
            }
            if (r.overMbps() != null && r.overMbps() < 0) {
                throw new IllegalArgumentException(key + ".overMbps: must not be negative, was " + r.overMbps()
                        + ConfigYaml.at(yaml, "approval", "rules", i, "overMbps"));
            }
            ApprovalRule.SitePair sites = null;
            if (r.sites() != null) {
                if (r.sites().size() != 2) {
                    throw new IllegalArgumentException(key + ".sites: name two sites ([site-a, site-b]), named "
                            + r.sites().size() + ConfigYaml.at(yaml, "approval", "rules", i, "sites"));
                }
                sites = new ApprovalRule.SitePair(
                        ConfigValues.name(env.resolve(r.sites().get(0), key + ".sites[0]"), key + ".sites[0]",
                                ConfigYaml.at(yaml, "approval", "rules", i, "sites")),
                        ConfigValues.name(env.resolve(r.sites().get(1), key + ".sites[1]"), key + ".sites[1]",
                                ConfigYaml.at(yaml, "approval", "rules", i, "sites")));
            }
            String group = env.resolve(r.group(), key + ".group");
            String roleText = env.resolve(r.role(), key + ".role");
            Role role = roleText == null ? null : Role.named(roleText).orElseThrow(() -> new IllegalArgumentException(
                    key + ".role: must be user, operator or admin, was '" + roleText + "'"
                            + ConfigYaml.at(yaml, "approval", "rules", at, "role")));
            String decisionText = ConfigValues.required(env.resolve(r.decision(), key + ".decision"), key + ".decision");
            ApprovalDecision decision = switch (decisionText.trim().toLowerCase(Locale.ROOT)) {
                case "approve" -> ApprovalDecision.APPROVE;
                case "wait" -> ApprovalDecision.WAIT;
                default -> throw new IllegalArgumentException(key + ".decision: must be approve or wait, was '"
                        + decisionText + "'" + ConfigYaml.at(yaml, "approval", "rules", i, "decision"));
            };
            rules.add(new ApprovalRule(r.overMbps(),
                    ruleDuration(r.longerThan(), key, "longerThan", i, env, yaml),
                    ruleDuration(r.startsBeyond(), key, "startsBeyond", i, env, yaml),
                    sites, group == null ? null : ConfigValues.name(group, key + ".group",
                            ConfigYaml.at(yaml, "approval", "rules", i, "group")), role, decision));
        }
        return new ApprovalRules(rules, deadline);
    }

    /** A zero duration, which {@code approval.deadlineBeforeStart} may be (other durations must be positive). */
    private static final Pattern ZERO = Pattern.compile("0+\\s*(ms|s|m|h|d)?");

    private static Duration ruleDuration(String text, String key, String name, int i, EnvReferences env, String yaml) {
        return ConfigValues.duration(env.resolve(text, key + "." + name), null, key + "." + name,
                ConfigYaml.at(yaml, "approval", "rules", i, name));
    }

    private static void notNegative(Long limit, String key, String name, int i, String yaml) {
        if (limit != null && limit < 0) {
            throw new IllegalArgumentException(key + "." + name + ": must not be negative, was " + limit
                    + ConfigYaml.at(yaml, "quotas", i, name));
        }
    }

    private static Quotas quotas(List<QuotaYaml> quotas, EnvReferences env, String yaml) {
        if (quotas == null) {
            return Quotas.none();
        }
        List<Quota> out = new ArrayList<>();
        for (int i = 0; i < quotas.size(); i++) {
            QuotaYaml q = quotas.get(i);
            String key = "quotas[" + i + "]";
            if (q == null) {
                throw new IllegalArgumentException(key + " is empty (- {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200})");
            }
            String group = ConfigValues.name(env.resolve(q.group(), key + ".group"), key + ".group",
                    ConfigYaml.at(yaml, "quotas", i, "group"));
            if (out.stream().anyMatch(other -> other.group().equals(group))) {
                throw new IllegalArgumentException(key + ".group: " + group + " has a quota already"
                        + ConfigYaml.at(yaml, "quotas", i, "group"));
            }
            notNegative(q.peakBandwidthMbps(), key, "peakBandwidthMbps", i, yaml);
            notNegative(q.hoursPerMonth(), key, "hoursPerMonth", i, yaml);
            out.add(new Quota(group, q.peakBandwidthMbps(), q.hoursPerMonth()));
        }
        return new Quotas(out);
    }

    private static NotificationConfig notifications(MailYaml mail, NotificationsYaml delivery, String name, Path baseDir,
                                                    EnvReferences env, String yaml) {
        NotificationSettings s = NotificationSettings.defaults(name);
        if (delivery != null) {
            Duration pause = ConfigValues.duration(env.resolve(delivery.retryPause(), "notifications.retryPause"),
                    s.retryPause(), "notifications.retryPause", ConfigYaml.at(yaml, "notifications", "retryPause"));
            Duration maxPause = ConfigValues.duration(env.resolve(delivery.retryMaxPause(), "notifications.retryMaxPause"),
                    s.retryMaxPause(), "notifications.retryMaxPause", ConfigYaml.at(yaml, "notifications", "retryMaxPause"));
            if (maxPause.compareTo(pause) < 0) {
                throw new IllegalArgumentException("notifications.retryMaxPause: " + maxPause.toMillis() + " ms is shorter "
                        + "than notifications.retryPause (" + pause.toMillis() + " ms)"
                        + ConfigYaml.at(yaml, "notifications", "retryMaxPause"));
            }
            int attempts = delivery.maxAttempts() == null ? s.maxAttempts() : delivery.maxAttempts();
            if (attempts < 1) {
                throw new IllegalArgumentException("notifications.maxAttempts: must be at least 1, was " + attempts
                        + ConfigYaml.at(yaml, "notifications", "maxAttempts"));
            }
            s = s.withRetries(pause, maxPause, attempts).withKeep(ConfigValues.duration(env.resolve(delivery.keep(),
                    "notifications.keep"), s.keep(), "notifications.keep", ConfigYaml.at(yaml, "notifications", "keep")));
        }
        if (mail == null) {
            return new NotificationConfig(Optional.empty(), Optional.empty(), s);
        }
        String host = ConfigValues.required(env.resolve(mail.host(), "mail.host"), "mail.host").trim();
        String from = ConfigValues.required(env.resolve(mail.from(), "mail.from"), "mail.from").trim();
        if (!from.matches("[^@\\s<>]+@[^@\\s<>]+")) {
            throw new IllegalArgumentException("mail.from: must be an address, name@domain" + ConfigYaml.at(yaml, "mail", "from"));
        }
        String tlsText = env.resolve(mail.tls(), "mail.tls");
        SmtpSettings.Tls tls;
        try {
            tls = tlsText == null ? SmtpSettings.Tls.STARTTLS : SmtpSettings.Tls.valueOf(tlsText.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mail.tls: must be none, starttls or smtps" + ConfigYaml.at(yaml, "mail", "tls"));
        }
        int defaultPort = switch (tls) {
            case NONE -> 25;
            case STARTTLS -> 587;
            case SMTPS -> 465;
        };
        int port = mail.port() == null ? defaultPort : mail.port();
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("mail.port: must be in 1..65535, was " + port + ConfigYaml.at(yaml, "mail", "port"));
        }
        String user = env.resolve(mail.user(), "mail.user");
        String password = env.resolve(mail.password(), "mail.password");
        Optional<Path> templates = Optional.empty();
        String folder = env.resolve(mail.templates(), "mail.templates");
        if (folder != null && !folder.isBlank()) {
            Path p = baseDir.resolve(folder.trim()).toAbsolutePath().normalize();
            if (!Files.isDirectory(p)) {
                throw new IllegalArgumentException("mail.templates: " + p + " is not a folder" + ConfigYaml.at(yaml, "mail",
                        "templates"));
            }
            templates = Optional.of(p);
        }
        String link = env.resolve(mail.bookingLink(), "mail.bookingLink");
        if (link != null && !link.isBlank()) {
            String sample = link.trim().replace("{requestId}", "r1");
            ConfigValues.httpUrl(sample, "mail.bookingLink", ConfigYaml.at(yaml, "mail", "bookingLink"));
            s = s.withBookingLink(link.trim());
        }
        s = s.withEndingSoonLead(ConfigValues.duration(env.resolve(mail.endingSoonLead(), "mail.endingSoonLead"),
                s.endingSoonLead(), "mail.endingSoonLead", ConfigYaml.at(yaml, "mail", "endingSoonLead")));
        return new NotificationConfig(Optional.of(new SmtpSettings(host, port, from, tls, user == null ? "" : user.trim(),
                password == null ? "" : password)), templates, s);
    }

    private static URI url(UrlYaml section, String key, EnvReferences env, String yaml) {
        if (section == null) {
            throw new IllegalArgumentException(key + " is missing (" + key + ": {url: http://host:port/services/NsapService})");
        }
        return checkedUrl(env.resolve(section.url(), key + ".url"), key + ".url", ConfigYaml.at(yaml, key, "url"));
    }

    /** An http(s) URL with a host and no user information; the message never quotes the value. */
    private static URI checkedUrl(String value, String key, String where) {
        return ConfigValues.httpUrl(value, key, where);
    }

    private static BarSettings settings(BookingYaml booking, Duration callTimeout, EnvReferences env, String yaml) {
        BarSettings d = BarSettings.defaults();
        BarSettings.Retries r = d.retries();
        if (booking == null) {
            return d.withRetries(r.withCallTimeout(callTimeout));
        }
        Duration pause = bookingDuration(booking.retryPause(), r.pause(), "retryPause", env, yaml);
        Duration maxPause = bookingDuration(booking.retryMaxPause(), r.maxPause(), "retryMaxPause", env, yaml);
        if (maxPause.compareTo(pause) < 0) {
            throw new IllegalArgumentException("booking.retryMaxPause: " + maxPause.toMillis() + " ms is shorter than "
                    + "booking.retryPause (" + pause.toMillis() + " ms)" + ConfigYaml.at(yaml, "booking", "retryMaxPause"));
        }
        BarSettings.Retries retries = new BarSettings.Retries(
                bookingDuration(booking.activationGrace(), r.activationGrace(), "activationGrace", env, yaml),
                pause, maxPause,
                bookingDuration(booking.reconcileEvery(), r.reconcileEvery(), "reconcileEvery", env, yaml),
                r.lease()).withCallTimeout(callTimeout);
        return new BarSettings(
                bookingDuration(booking.negotiationHold(), d.negotiationHold(), "negotiationHold", env, yaml),
                bookingDuration(booking.clientHold(), d.clientHold(), "clientHold", env, yaml),
                bookingDuration(booking.setUpLead(), d.setUpLead(), "setUpLead", env, yaml),
                bookingDuration(booking.tearDownAllowance(), d.tearDownAllowance(), "tearDownAllowance", env, yaml),
                bookingDuration(booking.minimumDuration(), d.minimumDuration(), "minimumDuration", env, yaml),
                bookingDuration(booking.maximumAdvance(), d.maximumAdvance(), "maximumAdvance", env, yaml), retries,
                setUpPlan(booking.setUpPlan(), env, yaml));
    }

    /** {@code booking.setUpPlan}: absent, every activation at the set-up lead; else queued work planned. */
    private static SetUpPlan setUpPlan(SetUpPlanYaml plan, EnvReferences env, String yaml) {
        if (plan == null) {
            return new SetUpPlan.Fixed();
        }
        Duration perCircuit = bookingDuration(plan.perCircuit(), Duration.ofMillis(700), "setUpPlan.perCircuit", env, yaml);
        Duration perBatch = bookingDuration(plan.perBatch(), Duration.ofSeconds(6), "setUpPlan.perBatch", env, yaml);
        Duration minimumLead = bookingDuration(plan.minimumLead(), Duration.ofSeconds(1), "setUpPlan.minimumLead", env, yaml);
        int batchSize = plan.batchSize() == null ? 50 : plan.batchSize();
        if (batchSize < 1) {
            throw new IllegalArgumentException("booking.setUpPlan.batchSize: must be at least 1, was " + batchSize
                    + ConfigYaml.at(yaml, "booking", "setUpPlan"));
        }
        return new SetUpPlan.Queued(perCircuit, perBatch, batchSize, minimumLead);
    }

    private static Duration bookingDuration(String text, Duration otherwise, String key, EnvReferences env, String yaml) {
        String k = "booking." + key;
        return ConfigValues.duration(env.resolve(text, k), otherwise, k, ConfigYaml.at(yaml, "booking", key));
    }

    // --- the file's shape: raw text until resolved; these records never reach a log -------------

    private record FileYaml(String name, String site, ConfigSections.ListenYaml listen, ConfigSections.DatabaseYaml database,
                            ConfigSections.TlsYaml tls, UrlYaml campus, UrlYaml wan, List<PeerYaml> peers, String callTimeout, BookingYaml booking,
                            ApprovalYaml approval, List<QuotaYaml> quotas, MailYaml mail, NotificationsYaml notifications,
                            OidcConfig.OidcYaml oidc, NetworkMapYaml networkMap) {
        @Override
        public String toString() {
            return "config " + name;
        }
    }

    private record NetworkMapYaml(List<String> campuses, String wan) {
    }

    private record UrlYaml(String url, String subject) {
    }

    private record ApprovalYaml(String deadlineBeforeStart, List<RuleYaml> rules) {
    }

    private record RuleYaml(Long overMbps, String longerThan, String startsBeyond, List<String> sites, String group,
                            String role, String decision) {
    }

    private record QuotaYaml(String group, Long peakBandwidthMbps, Long hoursPerMonth) {
    }

    private record MailYaml(String host, Integer port, String from, String tls, String user, String password,
                            String templates, String bookingLink, String endingSoonLead) {
        @Override
        public String toString() {
            return "mail " + host;
        }
    }

    private record NotificationsYaml(String retryPause, String retryMaxPause, Integer maxAttempts, String keep) {
    }

    private record PeerYaml(String site, String url, String subject) {
    }

    private record BookingYaml(String negotiationHold, String clientHold, String setUpLead, String tearDownAllowance,
                               String minimumDuration, String maximumAdvance, String activationGrace,
                               String retryPause, String retryMaxPause, String reconcileEvery, SetUpPlanYaml setUpPlan) {
    }

    private record SetUpPlanYaml(String perCircuit, String perBatch, Integer batchSize, String minimumLead) {
    }
}
