package org.crs.domain.audit;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets before anything reaches the audit trail: argument values by the argument's
 * name, and secrets written inline in free text (a router command or answer).
 */
public final class Redaction {

    /** What a removed secret is replaced with. */
    public static final String REDACTED = "[redacted]";

    /**
     * The words that make a name a secret's, wherever they appear in it, in any case:
     * {@code password}, {@code newPassword}, {@code apiToken}, {@code snmpCommunity}.
     */
    private static final String[] SECRET_WORDS = {"password", "passwd", "token", "secret", "key", "community",
        "passphrase", "credential"};

    /**
     * A secret word, then its value after spaces, '=' or ':' (and an IOS encryption type digit:
     * {@code enable secret 5 $1$...}, {@code username x password 0 y}).
     */
    private static final Pattern INLINE = Pattern.compile(
            "(?i)(\\b[\\w-]*(?:password|passwd|token|secret|community|passphrase|credential|key)[\\w-]*)"
                    + "(\\s*[=:]\\s*|\\s+)(\\d\\s+)?(\"[^\"]*\"|'[^']*'|[^\\s,;]+)");

    private Redaction() {
    }

    /** Whether an argument of this name holds a secret (see {@link #SECRET_WORDS}). */
    public static boolean isSecretName(String name) {
        if (name == null) {
            return false;
        }
        String n = name.toLowerCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (n.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** The arguments in their order, each secret's value (by {@link #isSecretName}) replaced by {@value #REDACTED}. */
    public static Map<String, String> arguments(Map<String, String> arguments) {
        Map<String, String> out = new LinkedHashMap<>();
        if (arguments == null) {
            return out;
        }
        for (Map.Entry<String, String> a : arguments.entrySet()) {
            out.put(a.getKey(), isSecretName(a.getKey()) && a.getValue() != null && !a.getValue().isEmpty()
                    ? REDACTED : a.getValue());
        }
        return out;
    }

    /**
     * Free text with every value that follows a secret word replaced
     * ({@code snmp-server community public RO} becomes {@code snmp-server community [redacted] RO}),
     * and every one of {@code knownSecrets} (of at least 4 characters) replaced wherever it appears.
     */
    public static String text(String text, Collection<String> knownSecrets) {
        if (text == null || text.isEmpty()) {
            return text == null ? "" : text;
        }
        String out = text;
        if (knownSecrets != null) {
            for (String secret : knownSecrets) {
                if (secret != null && secret.length() >= 4) {
                    out = out.replace(secret, REDACTED);
                }
            }
        }
        Matcher m = INLINE.matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = m.group(4);
            String replacement = value.equals(REDACTED) || value.startsWith("<") ? m.group()
                    : m.group(1) + m.group(2) + (m.group(3) == null ? "" : m.group(3)) + REDACTED;
            m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
