package org.crs.bar.port;

import java.util.Objects;
import java.util.Optional;

/**
 * Who an account is, as far as telling it about its bookings goes: the BAR's accounts answer it.
 * A reservation's owner is an account name ({@code Reservation.owner()}).
 */
@FunctionalInterface
public interface Recipients {

    /** The account of that name, or empty when there is none (a peer BAR owns a remote segment). */
    Optional<Recipient> of(String account);

    /**
     * An account to tell.
     *
     * @param account the account name
     * @param email its e-mail address, when it has one
     */
    record Recipient(String account, Optional<String> email) {
        public Recipient {
            Objects.requireNonNull(account, "account");
            email = email == null ? Optional.empty() : email.filter(e -> !e.isBlank());
        }
    }
}
