package org.crs.service.config;

import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Resolves {@code ${NAME}} references in a value from the environment; <code>$${</code> is a
 * literal <code>${</code>. Errors name the key and the variable, never a value. (The same
 * rules as the router access file's resolver, which is private to its package.)
 */
public final class EnvReferences {
    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private final Function<String, String> lookup;

    /** @param lookup gives the value of an environment variable, or null when it is not set */
    public EnvReferences(Function<String, String> lookup) {
        this.lookup = Objects.requireNonNull(lookup, "lookup");
    }

    /** {@code value} with its references replaced; null stays null. */
    public String resolve(String value, String key) {
        if (value == null || value.indexOf('$') < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("$${", i)) {
                out.append("${");
                i += 3;
            } else if (value.startsWith("${", i)) {
                int end = value.indexOf('}', i + 2);
                if (end < 0) {
                    throw new IllegalArgumentException(key + ": '${' without a closing '}'");
                }
                String variable = value.substring(i + 2, end);
                if (!VARIABLE.matcher(variable).matches()) {
                    throw new IllegalArgumentException(key + ": '${" + variable
                            + "}' is not an environment variable reference (letters, digits, _)");
                }
                String v = lookup.apply(variable);
                if (v == null) {
                    throw new IllegalArgumentException(key + ": environment variable " + variable + " is not set");
                }
                out.append(v);
                i = end + 1;
            } else {
                out.append(value.charAt(i));
                i++;
            }
        }
        return out.toString();
    }
}
