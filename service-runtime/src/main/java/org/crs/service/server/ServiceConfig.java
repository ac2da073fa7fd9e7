package org.crs.service.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import org.crs.service.config.ConfigSections;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;
import org.crs.service.db.Vendor;
import org.crs.service.tls.ServerTls;

/**
 * What the configuration file of every service has (docs/configuration.md): a name, where it
 * listens and its database. Each service's configuration record implements this and adds only
 * its own keys (its {@link #basics()} are the shared ones); a {@link Reader} reads its files.
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
 * tls:                                # optional: without it plain HTTP only (ConfigSections.TlsYaml)
 *   port: 8443                        # optional: TLS here beside plain HTTP on listen.port; without it
 *                                     #   listen.port itself speaks TLS
 *   keyStore: certs/lnsap-site-a.p12  # required: PKCS12, the service's key and certificate chain
 *   keyStorePassword: ${CRS_KEYSTORE_PASSWORD}
 *   trustStore: certs/trust.p12       # required: PKCS12, the trusted authorities
 *   trustStorePassword: ${CRS_TRUSTSTORE_PASSWORD}
 *   clientAuth: required              # default required: none, optional or required
 * }</pre>
 *
 * <p>Unknown and repeated keys are errors, reported with their place and line; so are bad
 * values, naming the key and its line. A relative {@code jdbc:hsqldb:file:} path is relative to
 * the folder of the configuration file. Every text value may contain {@code ${NAME}} references
 * to environment variables ({@link EnvReferences}). Messages and {@code toString} never contain
 * the database password.
 */
public interface ServiceConfig {

    /** Default listen address: this machine only. */
    String DEFAULT_HOST = ConfigSections.DEFAULT_HOST;

    /** The keys every service has. */
    Basics basics();

    /** The instance's name. */
    default String name() {
        return basics().name();
    }

    /** The settings {@link ServiceShell#start} takes. */
    default ServerConfig serverConfig() {
        Basics b = basics();
        return new ServerConfig(b.name(), b.jdbcUrl(), b.dbUser(), b.dbPassword(), b.host(), b.port(), b.clustered(),
                b.tls());
    }

    /** The database vendor of {@link #jdbcUrl()}. */
    default Vendor vendor() {
        return Vendor.fromJdbcUrl(basics().jdbcUrl());
    }

    /** The JDBC URL with any {@code password=} property masked, for logs and start-up output. */
    default String jdbcUrlForLog() {
        return ConfigValues.jdbcUrlForLog(basics().jdbcUrl());
    }

    /** The shared keys as {@code toString} shows them, the password masked. */
    default String basicsForLog() {
        Basics b = basics();
        return (b.source() == null ? "" : b.source() + ": ") + "name=" + b.name() + ", listen=" + b.host() + ":" + b.port()
                + ", jdbcUrl=" + jdbcUrlForLog() + ", user=" + b.dbUser() + ", password="
                + (b.dbPassword().isEmpty() ? "(none)" : "***") + ", clustered=" + b.clustered()
                + b.tls().map(t -> ", tls=" + (t.port().isPresent() ? "port " + t.port().getAsInt() : "on listen") + " "
                        + t.settings()).orElse("");
    }

    /**
     * The keys every service has, read.
     *
     * @param source the file read, for messages (null when parsed from text)
     * @param tls the {@code tls} section; empty: plain HTTP only
     */
    record Basics(Path source, String name, String host, int port, String jdbcUrl, String dbUser, String dbPassword,
                  boolean clustered, Optional<ServerTls> tls) {

        public Basics {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            dbPassword = dbPassword == null ? "" : dbPassword;
            Objects.requireNonNull(tls, "tls");
        }

        /** Without TLS. */
        public Basics(Path source, String name, String host, int port, String jdbcUrl, String dbUser, String dbPassword,
                      boolean clustered) {
            this(source, name, host, port, jdbcUrl, dbUser, dbPassword, clustered, Optional.empty());
        }

        /** Never shows the password. */
        @Override
        public String toString() {
            return "Basics[" + name + "]";
        }
    }

    /**
     * Resolves the shared keys of a file.
     *
     * @param exampleListen how {@code listen} looks, for the message when it is missing
     * @throws IllegalArgumentException saying what is wrong, without the file name
     */
    static Basics basics(String yaml, Path baseDir, Path source, EnvReferences env, String name, ConfigSections.ListenYaml listen,
                         ConfigSections.DatabaseYaml database, String exampleListen) {
        return basics(yaml, baseDir, source, env, name, listen, database, null, exampleListen);
    }

    /**
     * Resolves the shared keys of a file, {@code tls} among them (null when the file has none).
     *
     * @param exampleListen how {@code listen} looks, for the message when it is missing
     * @throws IllegalArgumentException saying what is wrong, without the file name
     */
    static Basics basics(String yaml, Path baseDir, Path source, EnvReferences env, String name, ConfigSections.ListenYaml listen,
                         ConfigSections.DatabaseYaml database, ConfigSections.TlsYaml tls, String exampleListen) {
        String resolvedName = ConfigValues.name(env.resolve(name, "name"), "name", ConfigYaml.at(yaml, "name"));
        if (listen == null) {
            throw new IllegalArgumentException("listen is missing (listen: " + exampleListen + ")");
        }
        ConfigSections.Listen l = listen.resolve(env, yaml);
        if (database == null) {
            throw new IllegalArgumentException("database is missing (database: {jdbcUrl: ...})");
        }
        ConfigSections.Database db = database.resolve(env, baseDir, yaml);
        Optional<ServerTls> serverTls = tls == null ? Optional.empty() : Optional.of(tls.resolve(env, baseDir, yaml));
        if (serverTls.isPresent() && serverTls.get().port().isPresent() && serverTls.get().port().getAsInt() == l.port()
                && l.port() != 0) {
            throw new IllegalArgumentException("tls.port: " + l.port() + " is listen.port; leave tls.port out to speak TLS"
                    + " on listen.port, or give another port for TLS beside plain HTTP" + ConfigYaml.at(yaml, "tls", "port"));
        }
        return new Basics(source, resolvedName, l.host(), l.port(), db.jdbcUrl(), db.user(), db.password(), db.clustered(),
                serverTls);
    }

    /**
     * Reads one service's configuration files.
     *
     * @param <C> the service's configuration
     */
    final class Reader<C> {

        /** Parses a configuration file's text into a service's configuration. */
        @FunctionalInterface
        public interface Parser<C> {
            /**
             * @param baseDir the folder relative paths are relative to
             * @param source the file, for messages (null when parsed from text)
             * @throws IllegalArgumentException saying what is wrong, without the file name
             */
            C parse(String yaml, Path baseDir, Path source, EnvReferences env);
        }

        private final Parser<C> parser;

        public Reader(Parser<C> parser) {
            this.parser = Objects.requireNonNull(parser, "parser");
        }

        /** Reads a configuration file, resolving {@code ${NAME}} from the process environment. */
        public C load(Path file) throws IOException {
            return load(file, System::getenv);
        }

        /**
         * Reads a configuration file, resolving {@code ${NAME}} with {@code environment}.
         *
         * @throws IOException if the file cannot be read
         * @throws IllegalArgumentException naming the file and what is wrong in it
         */
        public C load(Path file, Function<String, String> environment) throws IOException {
            Path absolute = file.toAbsolutePath().normalize();
            String text = Files.readString(absolute);
            try {
                return parser.parse(text, absolute.getParent(), absolute,
                        new EnvReferences(Objects.requireNonNull(environment, "environment")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
        }

        /**
         * Parses configuration text (no file).
         *
         * @param baseDir the folder relative paths are relative to
         * @param environment gives the value of an environment variable, or null when it is not set
         * @throws IllegalArgumentException saying what is wrong
         */
        public C parse(String yaml, Path baseDir, Function<String, String> environment) {
            Objects.requireNonNull(yaml, "yaml");
            Objects.requireNonNull(baseDir, "baseDir");
            return parser.parse(yaml, baseDir, null, new EnvReferences(Objects.requireNonNull(environment, "environment")));
        }
    }
}
