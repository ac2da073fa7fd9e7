package org.crs.nsap.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.crs.service.config.ConfigYaml;
import org.crs.service.config.ConfigYaml.EnvReferences;
import org.crs.service.server.ServiceConfig;
import org.crs.service.server.ServiceConfig.Basics;
import org.crs.service.server.ServiceConfig.Reader;

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
 * topology: ../topology/site-a-campus.yaml   # required: campus (L-NSAP) or WAN (NSAP) topology file
 * routerAccess: routers.yaml          # required: the router access file (RouterDirectory.load)
 * }</pre>
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
 */
public record NsapServerConfig(Basics basics, Path topology, Path routerAccess) implements ServiceConfig {

    /** Reads the file ({@code NsapServerConfig.FILE.load(path)}), or parses its text. */
    public static final Reader<NsapServerConfig> FILE = new Reader<>(NsapServerConfig::parse);

    public NsapServerConfig {
        Objects.requireNonNull(basics, "basics");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(routerAccess, "routerAccess");
    }

    @Override
    public String toString() {
        return "NsapServerConfig[" + basicsForLog() + ", topology=" + topology + ", routerAccess=" + routerAccess + "]";
    }

    // --- reading ---------------------------------------------------------------------------------

    private static NsapServerConfig parse(String yaml, Path baseDir, Path source, EnvReferences env) {
        FileYaml file = ConfigYaml.read(yaml, FileYaml.class);
        Basics basics = ServiceConfig.basics(yaml, baseDir, source, env, file.name(), file.listen(),
                file.database(), "{host: 127.0.0.1, port: 8081}");
        Path topology = existingFile(baseDir, required(env.resolve(file.topology(), "topology"), "topology"), "topology");
        Path routerAccess = existingFile(baseDir, required(env.resolve(file.routerAccess(), "routerAccess"), "routerAccess"),
                "routerAccess");
        return new NsapServerConfig(basics, topology, routerAccess);
    }

    private static String required(String value, String key) {
        return ConfigYaml.required(value, key);
    }

    private static Path existingFile(Path baseDir, String value, String key) {
        Path p = baseDir.resolve(value.trim()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(key + ": no file " + p);
        }
        return p;
    }

    // --- the file's shape: raw text until resolved; these records never reach a log -------------

    private record FileYaml(String name, ConfigYaml.ListenYaml listen, ConfigYaml.DatabaseYaml database, String topology,
                            String routerAccess) {
        @Override
        public String toString() {
            return "config " + name;
        }
    }
}
