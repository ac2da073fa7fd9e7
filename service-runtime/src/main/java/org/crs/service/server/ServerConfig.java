package org.crs.service.server;

import org.crs.service.config.ConfigYaml;

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
 */
public record ServerConfig(String name, String jdbcUrl, String dbUser, String dbPassword, String host, int port,
                           boolean clustered) {

    /** Never shows the password. */
    @Override
    public String toString() {
        return "ServerConfig[" + name + ", " + ConfigYaml.jdbcUrlForLog(jdbcUrl) + ", user " + dbUser + ", " + host + ":" + port
                + (clustered ? ", clustered" : "") + "]";
    }
}
