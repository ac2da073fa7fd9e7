package org.crs.domain.access;

import java.util.Locale;
import java.util.Optional;

/** The role of an account: what kind of person (or program) it is. */
public enum Role {
    /** A scientist or a program booking for one: sees and changes its own reservations (and its group's where the group shares them). */
    USER,
    /** A network operator: sees and acts on every reservation, approves, terminates, declares maintenance, audits. */
    OPERATOR,
    /** Manages accounts, groups, certificates; may do all an operator does. */
    ADMIN;

    /** The role of this name, any case ({@code user}, {@code OPERATOR}); empty for anything else. */
    public static Optional<Role> named(String name) {
        if (name == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(name.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a role: the caller answers with its own refusal
        }
    }

    /** The name in configuration files and on the wire: {@code user}, {@code operator}, {@code admin}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
