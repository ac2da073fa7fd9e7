package org.crs.nsi.contract.message;

import java.util.Objects;
import java.util.Optional;

/** The checks the records' constructors share. */
final class Checks {

    private Checks() {
    }

    /** A required text: present and not blank. */
    static String text(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    /** An optional value: never null itself. */
    static <T> Optional<T> optional(Optional<T> value, String name) {
        return Objects.requireNonNull(value, name + " (Optional.empty() when absent)");
    }

    /** A required part. */
    static <T> T part(T value, String name) {
        return Objects.requireNonNull(value, name + " is required");
    }
}
