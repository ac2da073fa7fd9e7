package org.crs.bar.oidc;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;

/**
 * A sign-in in progress: where to send the browser, and what the BAR keeps (in the browser's
 * session, on the server side) until the provider sends the browser back to the callback.
 * {@code state}, {@code nonce} and {@code codeVerifier} are single-use secrets of this one
 * sign-in: keep them out of logs and out of anything the browser can read, and forget them once
 * the callback has been handled, whatever its outcome.
 *
 * @param redirect the provider's authorization URL with {@code response_type=code},
 *     {@code client_id}, {@code redirect_uri}, {@code scope}, {@code state}, {@code nonce},
 *     {@code code_challenge} and {@code code_challenge_method=S256}
 * @param state what the callback's {@code state} must be (against forged callbacks)
 * @param nonce what the ID token's {@code nonce} must be (against replayed tokens)
 * @param codeVerifier the PKCE verifier, sent with the code to the token endpoint
 * @param returnTo the path of this BAR to return to after signing in ({@link #isLocalPath})
 * @param startedAt when the sign-in began; it lapses {@link OidcSettings#pendingLifetime()} after
 */
public record AuthorizationRequest(URI redirect, String state, String nonce, String codeVerifier, String returnTo,
                                   Instant startedAt) {

    /** The longest {@code returnTo} taken. */
    public static final int MAX_RETURN_TO = 2048;

    public AuthorizationRequest {
        Objects.requireNonNull(redirect, "redirect");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nonce, "nonce");
        Objects.requireNonNull(codeVerifier, "codeVerifier");
        Objects.requireNonNull(startedAt, "startedAt");
        if (!isLocalPath(returnTo)) {
            throw new IllegalArgumentException("returnTo must be a path of this BAR");
        }
    }

    /**
     * Whether {@code path} is a path on this BAR, so that returning to it cannot take the browser
     * to another site: it starts with one {@code /} (not {@code //} nor {@code /\}, which browsers
     * take as another host), has no control characters or backslashes, and is at most
     * {@link #MAX_RETURN_TO} characters.
     */
    public static boolean isLocalPath(String path) {
        if (path == null || path.isEmpty() || path.length() > MAX_RETURN_TO || path.charAt(0) != '/') {
            return false;
        }
        if (path.length() > 1 && (path.charAt(1) == '/' || path.charAt(1) == '\\')) {
            return false;
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /** Without the URL's and the request's secrets. */
    @Override
    public String toString() {
        return "AuthorizationRequest[returnTo=" + returnTo + ", startedAt=" + startedAt + "]";
    }
}
