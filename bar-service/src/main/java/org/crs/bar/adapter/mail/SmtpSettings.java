package org.crs.bar.adapter.mail;

import java.util.Objects;

/**
 * Where and how the BAR sends mail (BarServerConfig's {@code mail:} keys).
 *
 * @param host the SMTP server
 * @param port its port (25, 587 for STARTTLS, 465 for SMTPS)
 * @param from the sender's address
 * @param tls how the connection is protected
 * @param user who signs in, or empty for no authentication
 * @param password the user's password; never logged ({@link #toString()} leaves it out)
 */
public record SmtpSettings(String host, int port, String from, Tls tls, String user, String password) {

    /** How the connection to the SMTP server is protected. */
    public enum Tls {
        /** Plain SMTP: only to a relay on the same host or network. */
        NONE,
        /** Plain first, then TLS before anything else is said (STARTTLS required, certificate checked). */
        STARTTLS,
        /** TLS from the first byte (SMTPS, port 465), certificate checked. */
        SMTPS
    }

    public SmtpSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(tls, "tls");
        user = user == null ? "" : user;
        password = password == null ? "" : password;
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535: " + port);
        }
    }

    @Override
    public String toString() {
        return "SmtpSettings[host=" + host + ", port=" + port + ", from=" + from + ", tls=" + tls + ", user=" + user
                + ", password=" + (password.isEmpty() ? "none" : "(set)") + "]";
    }
}
