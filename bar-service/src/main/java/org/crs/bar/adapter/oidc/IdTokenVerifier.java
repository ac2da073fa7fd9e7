package org.crs.bar.adapter.oidc;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.text.ParseException;
import java.util.List;
import java.util.Set;

import org.crs.bar.oidc.OidcRefused;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.BadJWSException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

/**
 * Checks an ID token as OpenID Connect Core 1.0 (3.1.3.7) asks of a confidential client: a JWS
 * signed with one of the provider's keys by a public-key algorithm it announced (never
 * {@code none}, never a MAC), issued by the configured issuer, for this client ({@code aud}
 * contains the client id, and {@code azp}, when present or when there are several audiences, is
 * the client id), not expired ({@code exp}, with {@link #CLOCK_SKEW_SECONDS} of leeway, as
 * {@code nbf}), with a subject, and carrying the nonce this sign-in sent.
 */
final class IdTokenVerifier {

    /** How far the provider's clock and ours may disagree. */
    static final int CLOCK_SKEW_SECONDS = 60;

    private final String issuer;
    private final String clientId;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    IdTokenVerifier(String issuer, String clientId, Set<JWSAlgorithm> algorithms, JWKSource<SecurityContext> keys) {
        this.issuer = issuer;
        this.clientId = clientId;
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(algorithms, keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(clientId,
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("sub", "iat", "exp"));
        claims.setMaxClockSkew(CLOCK_SKEW_SECONDS);
        processor.setJWTClaimsSetVerifier(claims);
    }

    /**
     * The token's claims, once every check has passed.
     *
     * @param idToken the token as the token endpoint answered it
     * @param nonce the nonce of the sign-in it must belong to
     */
    JWTClaimsSet verify(String idToken, String nonce) throws OidcRefused {
        JWTClaimsSet claims;
        try {
            claims = processor.process(idToken, null);
        } catch (KeySourceException e) {
            throw OidcRefused.providerSilent("the provider's keys could not be read: " + e.getMessage(), e);
        } catch (ParseException e) {
            throw OidcRefused.notSignedIn("the ID token is not a JWT", e);
        } catch (BadJWSException e) {
            throw OidcRefused.notSignedIn("the ID token's signature does not verify with the provider's keys", e);
        } catch (BadJWTException e) {
            // The claims checks: issuer, audience, expiry, required claims. Their messages name claims, not secrets.
            throw OidcRefused.notSignedIn("the ID token is refused: " + e.getMessage(), e);
        } catch (BadJOSEException e) {
            // Unsigned (alg none), an algorithm not taken, or no key of the provider matches.
            throw OidcRefused.notSignedIn("the ID token is not signed by the provider: " + e.getMessage(), e);
        } catch (JOSEException e) {
            throw OidcRefused.notSignedIn("the ID token could not be checked: " + e.getMessage(), e);
        }
        List<String> audience = claims.getAudience();
        Object azp = claims.getClaim("azp");
        if ((azp != null || audience.size() > 1) && !clientId.equals(azp)) {
            throw OidcRefused.notSignedIn("the ID token was issued to another client (azp)");
        }
        Object sent = claims.getClaim("nonce");
        if (!(sent instanceof String s) || !MessageDigest.isEqual(s.getBytes(StandardCharsets.UTF_8),
                nonce.getBytes(StandardCharsets.UTF_8))) {
            throw OidcRefused.notSignedIn("the ID token's nonce is not this sign-in's");
        }
        return claims;
    }

    /** The issuer tokens must name. */
    String issuer() {
        return issuer;
    }
}
