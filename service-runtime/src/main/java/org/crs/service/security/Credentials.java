package org.crs.service.security;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a request presents to say who sends it. A request may carry a client certificate (from
 * the TLS handshake) and an Authorization header; the header wins, so a program holding a
 * certificate can still act as an account by password or token.
 */
public sealed interface Credentials {

    /** The certificate chain of the TLS connection, when the client presented one (verified by the connector). */
    Optional<X509Certificate> certificate();

    /** Nothing: no Authorization header and no client certificate. */
    record None() implements Credentials {
        @Override
        public Optional<X509Certificate> certificate() {
            return Optional.empty();
        }
    }

    /** HTTP Basic: an account name and its password. The password is never shown. */
    record Basic(String account, String password, Optional<X509Certificate> certificate) implements Credentials {
        public Basic {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(password, "password");
        }

        @Override
        public String toString() {
            return "Basic[" + account + "]";
        }
    }

    /** A bearer token (an account's API token). Never shown. */
    record Bearer(String token, Optional<X509Certificate> certificate) implements Credentials {
        public Bearer {
            Objects.requireNonNull(token, "token");
        }

        @Override
        public String toString() {
            return "Bearer[...]";
        }
    }

    /** Only a client certificate. */
    record Certificate(X509Certificate leaf, List<X509Certificate> chain) implements Credentials {
        public Certificate {
            Objects.requireNonNull(leaf, "leaf");
            chain = List.copyOf(chain);
        }

        @Override
        public Optional<X509Certificate> certificate() {
            return Optional.of(leaf);
        }
    }

    /** Credentials whose Authorization header could not be read (an unknown scheme, bad Base64). */
    record Malformed(String problem, Optional<X509Certificate> certificate) implements Credentials {
    }
}
