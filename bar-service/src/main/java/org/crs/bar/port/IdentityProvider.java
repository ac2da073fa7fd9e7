package org.crs.bar.port;

import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcIdentity;
import org.crs.bar.oidc.OidcRefused;

/**
 * The site's OpenID provider, as the BAR's sign-in needs it: start a sign-in (where to send the
 * browser), and finish it when the browser comes back with a code (who signed in).
 */
public interface IdentityProvider {

    /**
     * Starts a sign-in: a fresh state, nonce and PKCE verifier, and the provider's authorization
     * URL that carries them (the verifier as its S256 challenge).
     *
     * @param returnTo a path of this BAR ({@link AuthorizationRequest#isLocalPath})
     * @throws OidcRefused {@code PROVIDER_SILENT} when the provider's discovery document cannot be read
     */
    AuthorizationRequest begin(String returnTo) throws OidcRefused;

    /**
     * Finishes the sign-in {@code pending} with the callback's {@code code} and {@code state}:
     * checks the state, exchanges the code (with the PKCE verifier) for tokens, and verifies the
     * ID token (signature against the provider's keys, issuer, audience, expiry, nonce).
     *
     * @throws OidcRefused {@code NOT_SIGNED_IN} for a state, code, token or nonce that does not
     *     check out, or a sign-in that lapsed or was finished already; {@code PROVIDER_SILENT}
     *     when the provider cannot be asked
     */
    OidcIdentity finish(AuthorizationRequest pending, String code, String state) throws OidcRefused;
}
