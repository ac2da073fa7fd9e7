package org.crs.bar.testing;

import java.util.List;

import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;

/** The callers tests pass the services: accounts by name, in no group. */
public final class TestCallers {

    private TestCallers() {
    }

    /** A user: acts on its own reservations only. */
    public static Caller.Account user(String name) {
        return new Caller.Account(name, Role.USER, List.of());
    }

    /** An operator: acts on every reservation, approves, terminates, declares maintenance. */
    public static Caller.Account operator(String name) {
        return new Caller.Account(name, Role.OPERATOR, List.of());
    }
}
