package org.crs.service.config;

import static org.crs.service.config.ConfigValues.jdbcUrlForLog;
import static org.crs.service.config.ConfigValues.required;
import static org.crs.service.config.ConfigValues.withAbsoluteHsqldbFile;
import static org.crs.service.config.ConfigYaml.at;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

import org.crs.service.db.Vendor;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The sections every service's configuration file may have, as written ({@code ...Yaml}, raw
 * text with {@code ${NAME}} references) and resolved: {@code listen}, {@code database} and
 * {@code tls}. The standalone L-NSAP and NSAP ({@code org.crs.nsap.server.NsapServerConfig}) and
 * the BAR ({@code org.crs.bar.server.BarServerConfig}) read them here, with the same rules and
 * the same messages; {@link #databaseOf} reads the database section alone, for tools.
 */
public final class ConfigSections {

    /** Default listen address: this machine only. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private ConfigSections() {
    }

    /** The {@code listen} section as written. */
    public record ListenYaml(String host, Integer port) {

        /**
         * @param yaml the file's text, for lines
         */
        public Listen resolve(EnvReferences env, String yaml) {
            String host = env.resolve(this.host, "listen.host");
            host = host == null || host.isBlank() ? DEFAULT_HOST : host.trim();
            if (port == null) {
                throw new IllegalArgumentException("listen.port is missing");
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("listen.port: must be in 0..65535 (0 = any free port), was " + port
                        + at(yaml, "listen", "port"));
            }
            return new Listen(host, port);
        }
    }

    /** Where a service listens; port 0 for any free one. */
    public record Listen(String host, int port) {
    }

    /** The {@code database} section as written; its text never reaches a log. */
    public record DatabaseYaml(String jdbcUrl, String user, String password, Boolean clustered) {

        /**
         * Resolves {@code ${NAME}}, checks the URL and the user, and makes a relative HSQLDB
         * file path relative to {@code baseDir}.
         *
         * @param yaml the file's text, for lines
         */
        public Database resolve(EnvReferences env, Path baseDir, String yaml) {
            String url = required(env.resolve(jdbcUrl, "database.jdbcUrl"), "database.jdbcUrl").trim();
            Vendor vendor;
            try {
                vendor = Vendor.fromJdbcUrl(url);
            } catch (IllegalArgumentException e) {
                // Vendor's message quotes the URL, which may carry a password: say only what is wanted.
                throw new IllegalArgumentException("database.jdbcUrl: must start with jdbc:hsqldb: or jdbc:postgresql:"
                        + at(yaml, "database", "jdbcUrl"));
            }
            url = withAbsoluteHsqldbFile(url, baseDir);
            String u = env.resolve(user, "database.user");
            if (u != null && u.isEmpty()) {
                u = null;
            }
            if (u == null && vendor == Vendor.POSTGRESQL) {
                throw new IllegalArgumentException("database.user is missing (PostgreSQL needs a user)");
            }
            String p = env.resolve(password, "database.password");
            boolean shared = clustered != null && clustered;
            if (shared && vendor != Vendor.POSTGRESQL) {
                throw new IllegalArgumentException("database.clustered: only a PostgreSQL database can be shared by several"
                        + " instances; an HSQLDB database lives inside one process" + at(yaml, "database", "clustered"));
            }
            return new Database(url, u, p == null ? "" : p, shared);
        }

        @Override
        public String toString() {
            return "database";
        }
    }

    /**
     * A service's database, resolved.
     *
     * @param jdbcUrl a relative HSQLDB file path already made absolute
     * @param user null for the driver's default (SA for HSQLDB)
     * @param password empty when none; never in {@link #toString()}
     * @param clustered whether several instances share the database's schedule (PostgreSQL only)
     */
    public record Database(String jdbcUrl, String user, String password, boolean clustered) {
        public Database {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            password = password == null ? "" : password;
        }

        @Override
        public String toString() {
            return "jdbcUrl=" + jdbcUrlForLog(jdbcUrl) + ", user=" + user + ", password="
                    + (password.isEmpty() ? "(none)" : "***") + ", clustered=" + clustered;
        }
    }

    /**
     * The {@code database} section of any service's configuration file, every other key left
     * alone: for tools that work on a service's database without being the service
     * ({@code org.crs.service.audit.AuditMain}). The section is read and checked exactly as the
     * service reads it.
     *
     * @throws IllegalArgumentException naming what is wrong, never a value
     */
    public static Database databaseOf(String yaml, Path baseDir, EnvReferences env) {
        DatabaseOnly file = ConfigYaml.read(yaml, DatabaseOnly.class);
        if (file.database() == null) {
            throw new IllegalArgumentException("database is missing (database: {jdbcUrl: ...})");
        }
        return file.database().resolve(env, baseDir, yaml);
    }

    /** A service's file seen only for its {@code database} section. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record DatabaseOnly(DatabaseYaml database) {
    }

    /**
     * The {@code tls} section as written; its text never reaches a log.
     *
     * <pre>{@code
     * tls:                                # optional: without it the service speaks plain HTTP only
     *   port: 8443                        # optional: TLS on this port beside plain HTTP on listen.port;
     *                                     #   without it listen.port itself speaks TLS (0 = any free port)
     *   keyStore: certs/bar-site-a.p12    # required: PKCS12, this service's key and certificate chain
     *   keyStorePassword: ${CRS_KEYSTORE_PASSWORD}   # required (also the key's password)
     *   trustStore: certs/trust.p12       # required: PKCS12, the authorities trusted for callers and called services
     *   trustStorePassword: ${CRS_TRUSTSTORE_PASSWORD}  # required
     *   clientAuth: required              # default required: none, optional or required
     * }</pre>
     */
    public record TlsYaml(Integer port, String keyStore, String keyStorePassword, String trustStore,
                          String trustStorePassword, String clientAuth) {

        /**
         * Resolves {@code ${NAME}}, makes relative store paths relative to {@code baseDir} and
         * reads both stores with their passwords, so that a mistake is reported when the file
         * is read (and by {@code --check}), not when the service starts.
         *
         * @param yaml the file's text, for lines
         */
        public ServerTls resolve(EnvReferences env, Path baseDir, String yaml) {
            if (port != null && (port < 0 || port > 65535)) {
                throw new IllegalArgumentException("tls.port: must be in 0..65535 (0 = any free port), was " + port
                        + at(yaml, "tls", "port"));
            }
            Path keys = store(env, baseDir, keyStore, "keyStore", yaml);
            String keysPassword = password(env, keyStorePassword, "keyStorePassword");
            Path trusted = store(env, baseDir, trustStore, "trustStore", yaml);
            String trustedPassword = password(env, trustStorePassword, "trustStorePassword");
            ClientAuth auth = clientAuth == null ? ClientAuth.REQUIRED
                    : ClientAuth.parse(env.resolve(clientAuth, "tls.clientAuth"), "tls.clientAuth", at(yaml, "tls", "clientAuth"));
            TlsSettings settings = new TlsSettings(keys, keysPassword, trusted, trustedPassword, auth);
            try {
                TlsContexts.client(settings);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tls." + e.getMessage(), e);
            }
            return new ServerTls(settings, port == null ? OptionalInt.empty() : OptionalInt.of(port));
        }

        private static Path store(EnvReferences env, Path baseDir, String value, String key, String yaml) {
            String path = required(env.resolve(value, "tls." + key), "tls." + key).trim();
            Path p = baseDir.resolve(path).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("tls." + key + ": no file " + p + at(yaml, "tls", key));
            }
            return p;
        }

        private static String password(EnvReferences env, String value, String key) {
            String p = env.resolve(value, "tls." + key);
            if (p == null || p.isEmpty()) {
                throw new IllegalArgumentException("tls." + key + " is missing (PKCS12 stores have a password; "
                        + "write it as ${NAME}, an environment variable)");
            }
            return p;
        }

        @Override
        public String toString() {
            return "tls";
        }
    }
}
