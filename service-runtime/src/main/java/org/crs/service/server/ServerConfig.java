package org.crs.service.server;

import java.util.Objects;
import java.util.Optional;

import org.crs.service.config.ConfigValues;
import org.crs.service.tls.ServerTls;

/**
 * How one instance of a service runs.
 *
 * @param name the instance's name, for logs and the scheduler ({@code bar-site-a}, {@code lnsap-site-a}, {@code nsap})
 * @param jdbcUrl its database: {@code jdbc:hsqldb:file:...} or {@code jdbc:postgresql://...}
 * @param dbUser database user
 * @param dbPassword database password
 * @param host address to listen on
 * @param port TCP port, 0 for any free
 * @param clustered true when several instances share one PostgreSQL schedule
 * @param tls where and with which certificates the service speaks TLS; empty: plain HTTP only
 */
public record ServerConfig(String name, String jdbcUrl, String dbUser, String dbPassword, String host, int port,
                           boolean clustered, Optional<ServerTls> tls) {

    public ServerConfig {
        Objects.requireNonNull(tls, "tls");
    }

    /** Plain HTTP only. */
    public ServerConfig(String name, String jdbcUrl, String dbUser, String dbPassword, String host, int port,
                        boolean clustered) {
        this(name, jdbcUrl, dbUser, dbPassword, host, port, clustered, Optional.empty());
    }

    /** The same, speaking TLS as {@code tls} says. */
    public ServerConfig withTls(ServerTls tls) {
        return new ServerConfig(name, jdbcUrl, dbUser, dbPassword, host, port, clustered, Optional.of(tls));
    }

    /** Never shows the passwords. */
    @Override
    public String toString() {
        return "ServerConfig[" + name + ", " + ConfigValues.jdbcUrlForLog(jdbcUrl) + ", user " + dbUser + ", " + host + ":" + port
                + (clustered ? ", clustered" : "")
                + tls.map(t -> ", TLS " + (t.port().isPresent() ? "on port " + t.port().getAsInt() : "on the listen port")
                        + " " + t.settings()).orElse("") + "]";
    }
}
