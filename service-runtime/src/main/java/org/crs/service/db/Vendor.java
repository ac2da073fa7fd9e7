package org.crs.service.db;

import java.util.Locale;

/** The databases CRS runs on, detected from the JDBC URL. */
public enum Vendor {
    /** HSQLDB embedded in the JVM ({@code jdbc:hsqldb:file:} or {@code jdbc:hsqldb:mem:}). */
    HSQLDB("hsqldb"),
    /** PostgreSQL ({@code jdbc:postgresql:}). */
    POSTGRESQL("postgresql");

    private final String id;

    Vendor(String id) {
        this.id = id;
    }

    /**
     * The lower-case name used in folder names ({@code schema/<service>/<id>/},
     * {@code classpath:db/<service>/<id>}) and substituted for {@code {vendor}} in migration
     * locations: {@code hsqldb} or {@code postgresql}.
     */
    public String id() {
        return id;
    }

    /** The vendor of a JDBC URL; {@link IllegalArgumentException} for any other database. */
    public static Vendor fromJdbcUrl(String jdbcUrl) {
        String url = jdbcUrl == null ? "" : jdbcUrl.toLowerCase(Locale.ROOT);
        if (url.startsWith("jdbc:hsqldb:")) {
            return HSQLDB;
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("Unsupported JDBC URL (want jdbc:hsqldb:... or jdbc:postgresql:...): " + jdbcUrl);
    }
}
