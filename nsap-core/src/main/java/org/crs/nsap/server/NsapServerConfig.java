package org.crs.nsap.server;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import javax.security.auth.x500.X500Principal;

import org.crs.domain.traffic.TrafficRetention;
import org.crs.nsap.service.TrafficPolling;
import org.crs.nsap.service.TrafficPorts;
import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;
import org.crs.service.server.ServiceConfig;
import org.crs.service.server.ServiceConfig.Basics;
import org.crs.service.server.ServiceConfig.Reader;
import org.crs.service.tls.CertificateSubjects;
import org.crs.service.tls.ClientCertificate;

/**
 * The service configuration file of one standalone L-NSAP or NSAP (docs/configuration.md,
 * {@code deploy/config/lnsap-site-a.yaml}, {@code deploy/config/nsap.yaml}).
 *
 * <pre>{@code
 * name: lnsap-site-a                  # required: logs, the scheduler's name; A-Z a-z 0-9 _ . -
 * listen:
 *   host: 127.0.0.1                   # default 127.0.0.1; 0.0.0.0 for every interface
 *   port: 8081                        # required; 0 = any free port
 * database:
 *   jdbcUrl: jdbc:hsqldb:file:/var/lib/crs/lnsap-site-a/db   # required: jdbc:hsqldb:... or jdbc:postgresql:...
 *   user: SA                          # default SA for HSQLDB; required for PostgreSQL
 *   password: ${CRS_DB_PASSWORD}      # default empty
 *   clustered: false                  # default false; true only on PostgreSQL
 * tls:                                # optional (ServiceConfig): without it plain HTTP only
 *   keyStore: certs/lnsap-site-a.p12  #   no tls.port: listen.port itself speaks TLS
 *   keyStorePassword: ${CRS_KEYSTORE_PASSWORD}
 *   trustStore: certs/trust.p12
 *   trustStorePassword: ${CRS_TRUSTSTORE_PASSWORD}
 *   clientAuth: required
 * topology: ../topology/site-a-campus.yaml   # required: campus (L-NSAP) or WAN (NSAP) topology file
 * routerAccess: routers.yaml          # required: the router access file (RouterDirectory.load)
 * stuckAfter: 2m                      # default 2m: a segment ACTIVATING or DEACTIVATING unchanged this long
 *                                     #   was left by a stopped service (or replica) and is finished here
 * bars:                               # default none: no orphan check; with bars, tls is required
 *   - {site: site-a, url: https://127.0.0.1:8443/services/PeerService, subject: "CN=bar-site-a,OU=CRS,O=Demo"}
 *                                     # url: https://, called with this service's certificate (tls.keyStore)
 *                                     # subject: required: the certificate this BAR calls with
 * orphanCheck: 30s                    # default 30s: how often the BARs are asked about old segments
 * orphanAge: 1m                       # default 1m: only segments unchanged this long are asked about
 * traffic:                            # default: every key's default (polling on, every 30s)
 *   poll: true                        # default true: false polls nothing (utilisation answers no samples)
 *   interval: 30s                     # default 30s: how often ACTIVE segments' counters are read
 *   campusPort: hostPort              # default hostPort: the 7600 interface read: hostPort or trunk
 *   wanPort: attachment               # default attachment: the 12000 interface read: attachment or tunnel
 *   keepPolled: 1d                    # default 1d: polled rates kept as polled, then 5-minute means
 *   keepFiveMinute: 30d               # default 30d: 5-minute means kept, then hourly means
 *   keepHourly: 365d                  # default 365d: hourly means kept, then dropped
 *   routersAtOnce: 8                  # default 8: routers read in parallel
 * }</pre>
 *
 * <p>Durations are {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h}, {@code <n>d} or
 * ISO-8601, and positive. {@code bars} lists the PeerService endpoints of the BARs this service
 * serves: a segment is asked about at the BAR of the site its booking id names, or at the first
 * listed when that site is not listed (an L-NSAP's own BAR forwards the question to its peer).
 * A BAR's {@code subject} is the X.500 distinguished name of the certificate that BAR calls this
 * service with, compared as a name ({@link CertificateSubjects#same}); it is required when the
 * file has a {@code tls} section. The BARs answer {@code segmentWanted} only to a certificate they
 * know, so a file that lists {@code bars} must have a {@code tls} section and every URL must be
 * {@code https://}, called with this service's own certificate ({@code tls.keyStore}); otherwise
 * the file is refused ({@link ClientCertificate}) rather than run an orphan sweep that is never
 * answered.
 *
 * <p>Unknown and repeated keys are errors, reported with their place and line. Relative paths
 * ({@code topology}, {@code routerAccess}, and the path of a {@code jdbc:hsqldb:file:} URL) are
 * relative to the folder of the configuration file, not to the working directory.
 *
 * <p><b>Secrets out of files.</b> Every text value may contain {@code ${NAME}} references,
 * replaced by the environment variable {@code NAME} when the file is read; an unset variable
 * is an error naming the variable and the key, never a value; <code>$${</code> stands for a
 * literal <code>${</code>. These are the rules of the router access file
 * ({@link org.crs.nsap.activation.RouterDirectory}); the reading, the {@code listen} and
 * {@code database} sections and the messages are shared with the BAR's configuration file
 * ({@link ConfigYaml}).
 *
 * <p>{@link #toString()} and the messages of the exceptions thrown here never contain the
 * database password.
 *
 * @param basics the keys every service has ({@link ServiceConfig})
 * @param topology the topology file, absolute
 * @param routerAccess the router access file, absolute
 * @param stuckAfter how long a segment ACTIVATING or DEACTIVATING stays unchanged before this
 *     service finishes it, on a clustered database; a lone service finishes every one at its start
 * @param bars the BARs asked whether a segment is still wanted, in the file's order; empty: none asked
 * @param orphanCheck how often the BARs are asked
 * @param orphanAge how long a segment stays unchanged before its BAR is asked about it
 * @param traffic how the traffic of ACTIVE segments is polled and kept
 */
public record NsapServerConfig(Basics basics, Path topology, Path routerAccess, Duration stuckAfter, List<Bar> bars,
                               Duration orphanCheck, Duration orphanAge, Traffic traffic) implements ServiceConfig {

    /** Default {@code traffic.interval}. */
    public static final Duration DEFAULT_TRAFFIC_INTERVAL = Duration.ofSeconds(30);

    /**
     * The {@code traffic} section.
     *
     * @param poll whether ACTIVE segments are polled at all
     * @param interval how often; the resolution of the rates kept for {@code retention.fineFor}
     * @param ports which interface of each router part is read
     * @param retention how long each resolution is kept
     * @param routersAtOnce routers read in parallel; positive
     */
    public record Traffic(boolean poll, Duration interval, TrafficPorts ports, TrafficRetention retention,
                          int routersAtOnce) {
        public Traffic {
            Objects.requireNonNull(interval, "interval");
            Objects.requireNonNull(ports, "ports");
            Objects.requireNonNull(retention, "retention");
            if (routersAtOnce < 1) {
                throw new IllegalArgumentException("traffic.routersAtOnce must be at least 1, was " + routersAtOnce);
            }
        }

        /** Polling every 30 s of host ports and attachment subinterfaces, the default retention, 8 routers at once. */
        public static final Traffic DEFAULT = new Traffic(true, DEFAULT_TRAFFIC_INTERVAL, TrafficPorts.DEFAULT,
                TrafficRetention.DEFAULT, TrafficPolling.DEFAULT_THREADS);
    }

    /** Default {@code stuckAfter}: longer than any activation or tear-down takes. */
    public static final Duration DEFAULT_STUCK_AFTER = Duration.ofMinutes(2);
    /** Default {@code orphanCheck}. */
    public static final Duration DEFAULT_ORPHAN_CHECK = Duration.ofSeconds(30);
    /** Default {@code orphanAge}: longer than any booking is in flight. */
    public static final Duration DEFAULT_ORPHAN_AGE = Duration.ofMinutes(1);

    /**
     * One BAR this service serves.
     *
     * @param site the BAR's site, the first field of the booking ids it makes
     * @param url its PeerService endpoint
     * @param subject the subject of the certificate this BAR presents when it calls this service
     *     over TLS: the caller allowed to call this service as that BAR; always given in a file,
     *     empty only for a BAR built without one (a test's)
     */
    public record Bar(String site, URI url, Optional<X500Principal> subject) {
        public Bar {
            Objects.requireNonNull(site, "site");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(subject, "subject");
        }

        /** A BAR without a certificate subject (no TLS). */
        public Bar(String site, URI url) {
            this(site, url, Optional.empty());
        }
    }

    /** The configuration with the defaults for every key after {@code routerAccess}. */
    public NsapServerConfig(Basics basics, Path topology, Path routerAccess) {
        this(basics, topology, routerAccess, DEFAULT_STUCK_AFTER, List.of(), DEFAULT_ORPHAN_CHECK, DEFAULT_ORPHAN_AGE,
                Traffic.DEFAULT);
    }

    /** Reads the file ({@code NsapServerConfig.FILE.load(path)}), or parses its text. */
    public static final Reader<NsapServerConfig> FILE = new Reader<>(NsapServerConfig::parse);

    public NsapServerConfig {
        Objects.requireNonNull(basics, "basics");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(routerAccess, "routerAccess");
        Objects.requireNonNull(stuckAfter, "stuckAfter");
        bars = List.copyOf(bars);
        Objects.requireNonNull(orphanCheck, "orphanCheck");
        Objects.requireNonNull(orphanAge, "orphanAge");
        Objects.requireNonNull(traffic, "traffic");
    }

    @Override
    public String toString() {
        return "NsapServerConfig[" + basicsForLog() + ", topology=" + topology + ", routerAccess=" + routerAccess
                + ", stuckAfter=" + stuckAfter + ", bars=" + bars + ", orphanCheck=" + orphanCheck + ", orphanAge="
                + orphanAge + ", traffic=" + traffic + "]";
    }

    // --- reading ---------------------------------------------------------------------------------

    private static NsapServerConfig parse(String yaml, Path baseDir, Path source, EnvReferences env) {
        FileYaml file = ConfigYaml.read(yaml, FileYaml.class);
        Basics basics = ServiceConfig.basics(yaml, baseDir, source, env, file.name(), file.listen(),
                file.database(), file.tls(), "{host: 127.0.0.1, port: 8081}");
        Path topology = existingFile(baseDir, required(env.resolve(file.topology(), "topology"), "topology"), "topology");
        Path routerAccess = existingFile(baseDir, required(env.resolve(file.routerAccess(), "routerAccess"), "routerAccess"),
                "routerAccess");
        Duration stuckAfter = duration(file.stuckAfter(), DEFAULT_STUCK_AFTER, "stuckAfter", env, yaml);
        Duration orphanCheck = duration(file.orphanCheck(), DEFAULT_ORPHAN_CHECK, "orphanCheck", env, yaml);
        Duration orphanAge = duration(file.orphanAge(), DEFAULT_ORPHAN_AGE, "orphanAge", env, yaml);
        return new NsapServerConfig(basics, topology, routerAccess, stuckAfter,
                bars(file.bars(), basics.tls().isPresent(), env, yaml), orphanCheck, orphanAge,
                traffic(file.traffic(), env, yaml));
    }

    private static Traffic traffic(TrafficYaml t, EnvReferences env, String yaml) {
        if (t == null) {
            return Traffic.DEFAULT;
        }
        Duration interval = ConfigValues.duration(env.resolve(t.interval(), "traffic.interval"), DEFAULT_TRAFFIC_INTERVAL,
                "traffic.interval", ConfigYaml.at(yaml, "traffic", "interval"));
        TrafficPorts.Campus campus = switch (t.campusPort() == null ? "hostPort" : t.campusPort().trim()) {
            case "hostPort" -> TrafficPorts.Campus.HOST_PORT;
            case "trunk" -> TrafficPorts.Campus.TRUNK;
            default -> throw new IllegalArgumentException("traffic.campusPort must be hostPort or trunk, not '"
                    + t.campusPort() + "'" + ConfigYaml.at(yaml, "traffic", "campusPort"));
        };
        TrafficPorts.Wan wan = switch (t.wanPort() == null ? "attachment" : t.wanPort().trim()) {
            case "attachment" -> TrafficPorts.Wan.ATTACHMENT;
            case "tunnel" -> TrafficPorts.Wan.TUNNEL;
            default -> throw new IllegalArgumentException("traffic.wanPort must be attachment or tunnel, not '"
                    + t.wanPort() + "'" + ConfigYaml.at(yaml, "traffic", "wanPort"));
        };
        TrafficRetention d = TrafficRetention.DEFAULT;
        TrafficRetention retention;
        try {
            retention = new TrafficRetention(
                    ConfigValues.duration(env.resolve(t.keepPolled(), "traffic.keepPolled"), d.fineFor(), "traffic.keepPolled",
                            ConfigYaml.at(yaml, "traffic", "keepPolled")),
                    ConfigValues.duration(env.resolve(t.keepFiveMinute(), "traffic.keepFiveMinute"), d.mediumFor(),
                            "traffic.keepFiveMinute", ConfigYaml.at(yaml, "traffic", "keepFiveMinute")),
                    ConfigValues.duration(env.resolve(t.keepHourly(), "traffic.keepHourly"), d.coarseFor(), "traffic.keepHourly",
                            ConfigYaml.at(yaml, "traffic", "keepHourly")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("traffic: " + e.getMessage() + ConfigYaml.at(yaml, "traffic"), e);
        }
        int routersAtOnce = t.routersAtOnce() == null ? TrafficPolling.DEFAULT_THREADS : t.routersAtOnce();
        if (routersAtOnce < 1) {
            throw new IllegalArgumentException("traffic.routersAtOnce must be at least 1"
                    + ConfigYaml.at(yaml, "traffic", "routersAtOnce"));
        }
        return new Traffic(t.poll() == null || t.poll(), interval, new TrafficPorts(campus, wan), retention, routersAtOnce);
    }

    private static Duration duration(String text, Duration otherwise, String key, EnvReferences env, String yaml) {
        return ConfigValues.duration(env.resolve(text, key), otherwise, key, ConfigYaml.at(yaml, key));
    }

    private static List<Bar> bars(List<BarYaml> list, boolean hasTls, EnvReferences env, String yaml) {
        List<Bar> bars = new ArrayList<>();
        if (list == null || list.isEmpty()) {
            return bars;
        }
        // The BARs answer segmentWanted only to a certificate they know: an orphan sweep that
        // cannot present one would run for ever and release nothing.
        ClientCertificate.requireTls(hasTls, "bars", ConfigYaml.at(yaml, "bars"));
        for (int i = 0; i < list.size(); i++) {
            BarYaml b = list.get(i);
            String key = "bars[" + i + "]";
            if (b == null) {
                throw new IllegalArgumentException(key + " is empty (- {site: site-a, url: https://.../services/PeerService,"
                        + " subject: CN=...})");
            }
            String site = ConfigValues.name(env.resolve(b.site(), key + ".site"), key + ".site",
                    ConfigYaml.at(yaml, "bars", i, "site"));
            if (bars.stream().anyMatch(known -> known.site().equals(site))) {
                throw new IllegalArgumentException(key + ".site: " + site + " is listed twice"
                        + ConfigYaml.at(yaml, "bars", i, "site"));
            }
            String subject = env.resolve(b.subject(), key + ".subject");
            String where = ConfigYaml.at(yaml, "bars", i, "subject");
            if (subject == null || subject.isBlank()) {
                throw new IllegalArgumentException(key + ".subject is missing: name the certificate subject this BAR"
                        + " calls with (CN=...,OU=...,O=...)" + where);
            }
            String urlAt = ConfigYaml.at(yaml, "bars", i, "url");
            bars.add(new Bar(site, ClientCertificate.requireFor(ConfigValues.httpUrl(env.resolve(b.url(), key + ".url"),
                    key + ".url", urlAt), hasTls, key + ".url", urlAt),
                    Optional.of(CertificateSubjects.parse(subject, key + ".subject", where))));
        }
        return bars;
    }

    private static String required(String value, String key) {
        return ConfigValues.required(value, key);
    }

    private static Path existingFile(Path baseDir, String value, String key) {
        Path p = baseDir.resolve(value.trim()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(key + ": no file " + p);
        }
        return p;
    }

    // --- the file's shape: raw text until resolved; these records never reach a log -------------

    private record FileYaml(String name, ConfigSections.ListenYaml listen, ConfigSections.DatabaseYaml database,
                            ConfigSections.TlsYaml tls, String topology,
                            String routerAccess, String stuckAfter, List<BarYaml> bars, String orphanCheck,
                            String orphanAge, TrafficYaml traffic) {
        @Override
        public String toString() {
            return "config " + name;
        }
    }

    private record BarYaml(String site, String url, String subject) {
    }

    private record TrafficYaml(Boolean poll, String interval, String campusPort, String wanPort, String keepPolled,
                               String keepFiveMinute, String keepHourly, Integer routersAtOnce) {
    }
}
