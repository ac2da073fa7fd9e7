package org.crs.bar.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.notify.NotificationSettings;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * How a BAR tells owners about their bookings (BarServerConfig's {@code mail:} and
 * {@code notifications:} keys; docs/security.md), read from those two optional sections:
 *
 * <pre>{@code
 * mail:                               # optional: without it no mails are sent (webhooks still are)
 *   host: smtp.example.org            # required in mail
 *   port: 587                         # default 25 (none), 587 (starttls), 465 (smtps)
 *   from: crs@example.org             # required in mail: the sender's address
 *   tls: starttls                     # none | starttls | smtps; default starttls
 *   user: crs                         # default none: no authentication
 *   password: ${CRS_SMTP_PASSWORD}    # default empty; never logged
 *   templates: mail-templates         # default: the jar's templates; a folder, relative to the file
 *   bookingLink: https://crs.example.org/reservations/{requestId}   # default empty: mails carry no link
 *   endingSoonLead: 1d                # how long before an active circuit ends its owner is offered to extend it
 * notifications:                      # optional, and so is each key: delivery of mails and webhook POSTs
 *   retryPause: 30s                   # the first pause after a failed delivery; it doubles
 *   retryMaxPause: 1h                 # the longest pause
 *   maxAttempts: 50                   # then the message is given up (and logged)
 *   keep: 30d                         # how long delivered and given-up messages stay in the outbox
 * }</pre>
 *
 * <p>Messages name the key ({@code mail.port}) and its line, never the mail password.
 *
 * @param smtp the mail server; empty when the file has no {@code mail:} section (no mails; webhooks still go)
 * @param templates the operator's template folder; empty for the jar's templates alone
 * @param settings links, the ending-soon lead, retries
 */
public record NotificationConfig(Optional<SmtpSettings> smtp, Optional<Path> templates, NotificationSettings settings) {

    public NotificationConfig {
        Objects.requireNonNull(smtp, "smtp");
        Objects.requireNonNull(templates, "templates");
        Objects.requireNonNull(settings, "settings");
    }

    /** No mail server, the jar's templates, the default settings, for a BAR of that name. */
    public static NotificationConfig none(String barName) {
        return new NotificationConfig(Optional.empty(), Optional.empty(), NotificationSettings.defaults(barName));
    }

    public NotificationConfig withSmtp(SmtpSettings s) {
        return new NotificationConfig(Optional.of(s), templates, settings);
    }

    public NotificationConfig withSettings(NotificationSettings s) {
        return new NotificationConfig(smtp, templates, s);
    }

    // --- reading ---------------------------------------------------------------------------------

    /** The {@code mail} section as the file spells it: raw text until resolved; never reaches a log. */
    record MailYaml(String host, Integer port, String from, String tls, String user, String password,
                    String templates, String bookingLink, String endingSoonLead) {
        @Override
        public String toString() {
            return "mail " + host;
        }
    }

    /** The {@code notifications} section as the file spells it. */
    record NotificationsYaml(String retryPause, String retryMaxPause, Integer maxAttempts, String keep) {
    }

    /**
     * Reads both sections, either of which may be absent.
     *
     * @param barName the BAR's name, which the default settings sign with
     * @param baseDir the configuration file's folder, which {@code mail.templates} is relative to
     */
    static NotificationConfig read(MailYaml mail, NotificationsYaml delivery, String barName, Path baseDir,
                                   EnvReferences env, String yaml) {
        NotificationSettings s = delivery(delivery, NotificationSettings.defaults(barName), env, yaml);
        if (mail == null) {
            return new NotificationConfig(Optional.empty(), Optional.empty(), s);
        }
        String host = ConfigValues.required(env.resolve(mail.host(), "mail.host"), "mail.host").trim();
        String from = ConfigValues.required(env.resolve(mail.from(), "mail.from"), "mail.from").trim();
        if (!from.matches("[^@\\s<>]+@[^@\\s<>]+")) {
            throw new IllegalArgumentException("mail.from: must be an address, name@domain" + ConfigYaml.at(yaml, "mail", "from"));
        }
        SmtpSettings.Tls tls = tls(env.resolve(mail.tls(), "mail.tls"), yaml);
        int defaultPort = switch (tls) {
            case NONE -> 25;
            case STARTTLS -> 587;
            case SMTPS -> 465;
        };
        int port = mail.port() == null ? defaultPort : mail.port();
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("mail.port: must be in 1..65535, was " + port + ConfigYaml.at(yaml, "mail", "port"));
        }
        String user = env.resolve(mail.user(), "mail.user");
        String password = env.resolve(mail.password(), "mail.password");
        Optional<Path> templates = Optional.empty();
        String folder = env.resolve(mail.templates(), "mail.templates");
        if (folder != null && !folder.isBlank()) {
            Path p = baseDir.resolve(folder.trim()).toAbsolutePath().normalize();
            if (!Files.isDirectory(p)) {
                throw new IllegalArgumentException("mail.templates: " + p + " is not a folder" + ConfigYaml.at(yaml, "mail",
                        "templates"));
            }
            templates = Optional.of(p);
        }
        String link = env.resolve(mail.bookingLink(), "mail.bookingLink");
        if (link != null && !link.isBlank()) {
            String sample = link.trim().replace("{requestId}", "r1");
            ConfigValues.httpUrl(sample, "mail.bookingLink", ConfigYaml.at(yaml, "mail", "bookingLink"));
            s = s.withBookingLink(link.trim());
        }
        s = s.withEndingSoonLead(ConfigValues.duration(env.resolve(mail.endingSoonLead(), "mail.endingSoonLead"),
                s.endingSoonLead(), "mail.endingSoonLead", ConfigYaml.at(yaml, "mail", "endingSoonLead")));
        return new NotificationConfig(Optional.of(new SmtpSettings(host, port, from, tls, user == null ? "" : user.trim(),
                password == null ? "" : password)), templates, s);
    }

    /** {@code notifications}: the retries and how long the outbox keeps messages, over {@code s}. */
    private static NotificationSettings delivery(NotificationsYaml delivery, NotificationSettings s, EnvReferences env,
                                                 String yaml) {
        if (delivery == null) {
            return s;
        }
        Duration pause = ConfigValues.duration(env.resolve(delivery.retryPause(), "notifications.retryPause"),
                s.retryPause(), "notifications.retryPause", ConfigYaml.at(yaml, "notifications", "retryPause"));
        Duration maxPause = ConfigValues.duration(env.resolve(delivery.retryMaxPause(), "notifications.retryMaxPause"),
                s.retryMaxPause(), "notifications.retryMaxPause", ConfigYaml.at(yaml, "notifications", "retryMaxPause"));
        if (maxPause.compareTo(pause) < 0) {
            throw new IllegalArgumentException("notifications.retryMaxPause: " + maxPause.toMillis() + " ms is shorter "
                    + "than notifications.retryPause (" + pause.toMillis() + " ms)"
                    + ConfigYaml.at(yaml, "notifications", "retryMaxPause"));
        }
        int attempts = delivery.maxAttempts() == null ? s.maxAttempts() : delivery.maxAttempts();
        if (attempts < 1) {
            throw new IllegalArgumentException("notifications.maxAttempts: must be at least 1, was " + attempts
                    + ConfigYaml.at(yaml, "notifications", "maxAttempts"));
        }
        return s.withRetries(pause, maxPause, attempts).withKeep(ConfigValues.duration(env.resolve(delivery.keep(),
                "notifications.keep"), s.keep(), "notifications.keep", ConfigYaml.at(yaml, "notifications", "keep")));
    }

    /** {@code mail.tls}; starttls when absent. */
    private static SmtpSettings.Tls tls(String text, String yaml) {
        try {
            return text == null ? SmtpSettings.Tls.STARTTLS : SmtpSettings.Tls.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mail.tls: must be none, starttls or smtps" + ConfigYaml.at(yaml, "mail", "tls"));
        }
    }
}
