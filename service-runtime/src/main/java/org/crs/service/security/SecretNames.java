package org.crs.service.security;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which argument names carry secrets (passwords, tokens, keys, SNMP communities), so that no
 * log, answer or audit entry shows their values.
 */
public final class SecretNames {

    /** What a secret's value is replaced by. */
    public static final String REDACTED = "[redacted]";

    private static final String[] WORDS = {"password", "token", "secret", "key", "community", "passphrase", "credential"};

    private SecretNames() {
    }

    /** Whether an argument of this name holds a secret: any name containing one of the words, any case. */
    public static boolean isSecret(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String word : WORDS) {
            if (lower.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code arguments} with every secret's value replaced by {@link #REDACTED}. */
    public static Map<String, String> redact(Map<String, String> arguments) {
        Map<String, String> out = new LinkedHashMap<>();
        arguments.forEach((name, value) -> out.put(name, isSecret(name) ? REDACTED : value));
        return out;
    }
}
