package org.crs.service.security;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.access.Caller;

/** What an {@link Authenticator} made of a request's credentials. */
public sealed interface Authentication {

    /** The credentials name this caller. */
    record Authenticated(Caller caller) implements Authentication {
        public Authenticated {
            Objects.requireNonNull(caller, "caller");
        }
    }

    /**
     * The credentials name nobody this service knows, or a blocked account, or a wrong password:
     * answered 401 with {@code reason}, which never says which of these it was to a guesser.
     */
    record Refused(String reason) implements Authentication {
    }

    /** Too many failures for this account or address: answered 429, retry after {@code pause}. */
    record Throttled(Duration pause) implements Authentication {
    }
}
