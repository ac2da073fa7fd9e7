package org.crs.service.tls;

import java.util.Locale;

/** Whether a TLS connector asks its callers for a certificate. */
public enum ClientAuth {
    /** No certificate is asked for. */
    NONE,
    /**
     * A certificate is asked for; a caller without one is still served (people and middleware
     * on a BAR), but a certificate that is presented must be signed by a trusted authority.
     */
    OPTIONAL,
    /** A caller without a certificate signed by a trusted authority is refused during the handshake. */
    REQUIRED;

    /**
     * The value as written in a configuration file: {@code none}, {@code optional},
     * {@code required}; also Tomcat's {@code certificateVerification} for it.
     */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads {@code none}, {@code optional} or {@code required} (any case).
     *
     * @throws IllegalArgumentException naming the key and the allowed values
     */
    public static ClientAuth parse(String value, String key, String where) {
        if (value != null) {
            for (ClientAuth c : values()) {
                if (c.yamlName().equals(value.trim().toLowerCase(Locale.ROOT))) {
                    return c;
                }
            }
        }
        throw new IllegalArgumentException(key + ": must be none, optional or required" + where);
    }
}
