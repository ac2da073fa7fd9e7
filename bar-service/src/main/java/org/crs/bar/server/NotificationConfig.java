package org.crs.bar.server;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.notify.NotificationSettings;

/**
 * How a BAR tells owners about their bookings (BarServerConfig's {@code mail:} and
 * {@code notifications:} keys; docs/security.md).
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
}
