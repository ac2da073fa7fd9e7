package org.crs.bar.oidc;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who the OpenID provider says signed in, from a verified ID token.
 *
 * @param account the value of the account claim ({@link OidcSettings#accountClaim()}), as sent
 * @param groups the values of the group claim ({@link OidcSettings#groupsClaim()}), in the
 *     token's order; empty when the token has none
 * @param email the {@code email} claim; empty when absent or when the provider says it is not verified
 * @param subject the {@code sub} claim: the provider's own identifier of the person
 */
public record OidcIdentity(String account, List<String> groups, Optional<String> email, String subject) {
    public OidcIdentity {
        Objects.requireNonNull(account, "account");
        groups = List.copyOf(groups);
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(subject, "subject");
    }
}
