package org.crs.service.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of the services' configuration files, read with the same rules and messages in
 * every file: required text, names, durations, URLs of other services, and JDBC URLs. Every
 * message names the key and, where the caller passes {@link ConfigYaml#at}, its line; none quotes
 * a password or another secret.
 */
public final class ConfigValues {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,120}");

    private ConfigValues() {
    }

    /** {@code value}, or an error "KEY is missing" when it is null or blank. */
    public static String required(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is missing");
        }
        return value;
    }

    /**
     * An instance or site name: 1 to 120 letters, digits, '_', '.' or '-'.
     *
     * @param where {@link ConfigYaml#at} of the key, or ""
     */
    public static String name(String value, String key, String where) {
        String name = required(value, key);
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(key + ": must be 1 to 120 letters, digits, '_', '.' or '-', was '" + name
                    + "'" + where);
        }
        return name;
    }

    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    /**
     * A positive duration: {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h}, {@code <n>d}
     * or ISO-8601 ({@code PT5S}); {@code otherwise} when {@code text} is null.
     *
     * @param where {@link ConfigYaml#at} of the key, or ""
     */
    public static Duration duration(String text, Duration otherwise, String key, String where) {
        if (text == null) {
            return otherwise;
        }
        Matcher m = SHORT_DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        Duration d;
        if (m.matches()) {
            long n;
            try {
                n = Long.parseLong(m.group(1));
                d = switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException(key + ": '" + text + "' is too long a duration" + where);
            }
        } else {
            try {
                d = Duration.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(key + ": '" + text + "' is not a duration (500ms, 5s, 2m, 1h, 1d, PT5S)"
                        + where);
            }
        }
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(key + " must be positive, was " + text + where);
        }
        return d;
    }

    /**
     * An http(s) URL with a host and no user information (the URL of another service); the
     * message never quotes the value, which may hold a secret.
     *
     * @param where {@link ConfigYaml#at} of the key, or ""
     */
    public static URI httpUrl(String value, String key, String where) {
        String text = required(value, key).trim();
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(key + ": not a URL (" + e.getReason() + ")" + where);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException(key + ": must be an http:// or https:// URL with a host"
                    + " (http://host:port/services/...)" + where);
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(key + ": must not carry a user or password" + where);
        }
        return uri;
    }

    private static final String HSQLDB_FILE = "jdbc:hsqldb:file:";

    /** A relative {@code jdbc:hsqldb:file:} path, made relative to {@code baseDir}; other URLs as they are. */
    public static String withAbsoluteHsqldbFile(String jdbcUrl, Path baseDir) {
        if (!jdbcUrl.toLowerCase(Locale.ROOT).startsWith(HSQLDB_FILE)) {
            return jdbcUrl;
        }
        String rest = jdbcUrl.substring(HSQLDB_FILE.length());
        int semicolon = rest.indexOf(';');
        String path = semicolon < 0 ? rest : rest.substring(0, semicolon);
        String properties = semicolon < 0 ? "" : rest.substring(semicolon);
        if (path.isEmpty() || path.startsWith("~") || Path.of(path).isAbsolute()) {
            return jdbcUrl;
        }
        return HSQLDB_FILE + baseDir.resolve(path).toAbsolutePath().normalize() + properties;
    }

    /** A JDBC URL with any {@code password=} property masked, for logs and start-up output. */
    public static String jdbcUrlForLog(String jdbcUrl) {
        return jdbcUrl.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }
}
