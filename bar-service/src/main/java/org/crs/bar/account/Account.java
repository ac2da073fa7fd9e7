package org.crs.bar.account;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;

/**
 * An account as stored, without its secrets.
 *
 * @param name unique, lower case
 * @param role what it may do
 * @param email where its mail goes (may be empty)
 * @param blocked an operator blocked it: it cannot sign in
 * @param groups the groups it belongs to, its booking group first
 * @param createdAt when it was created
 */
public record Account(String name, Role role, String email, boolean blocked, List<Caller.Membership> groups,
                      Instant createdAt) {
    public Account {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(role, "role");
        email = email == null ? "" : email;
        groups = List.copyOf(groups);
    }

    /** The caller it is once signed in. */
    public Caller.Account caller() {
        return new Caller.Account(name, role, groups);
    }
}
