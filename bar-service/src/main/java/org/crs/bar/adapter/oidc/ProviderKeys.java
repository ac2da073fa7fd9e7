package org.crs.bar.adapter.oidc;

import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.bar.oidc.OidcRefused;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;

/**
 * The provider's public keys ({@code jwks_uri}), read at the first token and kept. A token signed
 * with a key not among them makes the set be read again, since providers rotate their keys, but at
 * most once per {@link #REFRESH_AT_MOST_EVERY}: a stream of tokens with made-up key ids cannot
 * turn into a stream of calls to the provider.
 */
final class ProviderKeys implements JWKSource<SecurityContext> {

    /** The shortest time between two reads of the key set. */
    static final Duration REFRESH_AT_MOST_EVERY = Duration.ofSeconds(30);

    private final URI jwksUri;
    private final ProviderHttp http;
    private final Clock clock;
    private JWKSet keys;
    private Instant readAt = Instant.MIN;

    ProviderKeys(URI jwksUri, ProviderHttp http, Clock clock) {
        this.jwksUri = jwksUri;
        this.http = http;
        this.clock = clock;
    }

    @Override
    public synchronized List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
        if (keys != null) {
            List<JWK> found = selector.select(keys);
            if (!found.isEmpty() || clock.instant().isBefore(readAt.plus(REFRESH_AT_MOST_EVERY))) {
                return found;
            }
        }
        keys = read();
        readAt = clock.instant();
        return selector.select(keys);
    }

    private JWKSet read() throws KeySourceException {
        try {
            // Public keys only: a set that carried private parts would still verify with its public halves.
            return JWKSet.parse(http.get(jwksUri, "key set")).toPublicJWKSet();
        } catch (OidcRefused e) {
            throw new KeySourceException(e.reason(), e);
        } catch (ParseException e) {
            throw new KeySourceException("the provider's key set is not a JWK set", e);
        }
    }
}
