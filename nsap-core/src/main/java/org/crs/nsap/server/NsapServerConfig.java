package org.crs.nsap.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

import org.crs.service.config.ConfigYaml;
import org.crs.service.config.ConfigYaml.EnvReferences;
import org.crs.service.db.Vendor;

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
 * @param source the file read, for messages (null when parsed from text)
 * @param name the instance's name
 * @param host the address to listen on
 * @param port the TCP port, 0 for any free one
 * @param jdbcUrl the database; a relative HSQLDB file path already made absolute
 * @param dbUser the database user (null: the driver's default, SA for HSQLDB)
 * @param dbPassword the database password (empty when none)
 * @param clustered whether several instances share the database's schedule (PostgreSQL only)
 * @param topology the topology file, absolute
 * @param routerAccess the router access file, absolute
 */
public record NsapServerConfig(Path source, String name, String host, int port, String jdbcUrl, String dbUser,
                               String dbPassword, boolean clustered, Path topology, Path routerAccess) {

    /** Default listen address: this machine only. */
    public static final String DEFAULT_HOST = ConfigYaml.DEFAULT_HOST;

    public NsapServerConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(routerAccess, "routerAccess");
        dbPassword = dbPassword == null ? "" : dbPassword;
    }

    /** The settings {@link NsapServer#start} takes. */
    public NsapServer.Config serverConfig() {
        return new NsapServer.Config(name, jdbcUrl, dbUser, dbPassword, host, port, clustered);
    }

    /** The database vendor of {@link #jdbcUrl()}. */
    public Vendor vendor() {
        return Vendor.fromJdbcUrl(jdbcUrl);
    }

    /** The JDBC URL with any {@code password=} property masked, for logs and start-up output. */
    public String jdbcUrlForLog() {
        return ConfigYaml.jdbcUrlForLog(jdbcUrl);
    }

    @Override
    public String toString() {
        return "NsapServerConfig[" + (source == null ? "" : source + ": ") + "name=" + name + ", listen=" + host + ":" + port
                + ", jdbcUrl=" + jdbcUrlForLog() + ", user=" + dbUser + ", password=" + (dbPassword.isEmpty() ? "(none)" : "***")
                + ", clustered=" + clustered + ", topology=" + topology + ", routerAccess=" + routerAccess + "]";
    }

    // --- reading ---------------------------------------------------------------------------------

    /** Reads a configuration file, resolving {@code ${NAME}} from the process environment. */
    public static NsapServerConfig load(Path file) throws IOException {
        return load(file, System::getenv);
    }

    /**
     * Reads a configuration file, resolving {@code ${NAME}} with {@code environment}.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static NsapServerConfig load(Path file, Function<String, String> environment) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        String text = Files.readString(absolute);
        try {
            return parse(text, absolute.getParent(), absolute, environment);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses configuration YAML.
     *
     * @param baseDir the folder relative paths are relative to
     * @param environment gives the value of an environment variable, or null when it is not set
     * @throws IllegalArgumentException saying what is wrong, without the file name
     */
    public static NsapServerConfig parse(String yaml, Path baseDir, Function<String, String> environment) {
        return parse(yaml, baseDir, null, environment);
    }

    private static NsapServerConfig parse(String yaml, Path baseDir, Path source, Function<String, String> environment) {
        Objects.requireNonNull(yaml, "yaml");
        Objects.requireNonNull(baseDir, "baseDir");
        EnvReferences env = new EnvReferences(Objects.requireNonNull(environment, "environment"));
        FileYaml file = ConfigYaml.read(yaml, FileYaml.class);

        String name = ConfigYaml.name(env.resolve(file.name(), "name"), "name", ConfigYaml.at(yaml, "name"));
        if (file.listen() == null) {
            throw new IllegalArgumentException("listen is missing (listen: {host: 127.0.0.1, port: 8081})");
        }
        ConfigYaml.Listen listen = file.listen().resolve(env, yaml);
        if (file.database() == null) {
            throw new IllegalArgumentException("database is missing (database: {jdbcUrl: ...})");
        }
        ConfigYaml.Database db = file.database().resolve(env, baseDir, yaml);

        Path topology = existingFile(baseDir, required(env.resolve(file.topology(), "topology"), "topology"), "topology");
        Path routerAccess = existingFile(baseDir, required(env.resolve(file.routerAccess(), "routerAccess"), "routerAccess"),
                "routerAccess");
        return new NsapServerConfig(source, name, listen.host(), listen.port(), db.jdbcUrl(), db.user(), db.password(),
                db.clustered(), topology, routerAccess);
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

    /** A relative {@code jdbc:hsqldb:file:} path, made relative to {@code baseDir}. */
    static String withAbsoluteHsqldbFile(String jdbcUrl, Path baseDir) {
        return ConfigYaml.withAbsoluteHsqldbFile(jdbcUrl, baseDir);
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
