package org.crs.bar.oidc;

import java.util.Objects;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.refusal.RefusedException;

/**
 * A sign-in through the OpenID provider that did not come to an account: a callback whose state
 * is not the session's, an ID token that does not verify or carries another nonce, a code the
 * provider refused, a blocked account ({@link RefusalCode#NOT_SIGNED_IN}); a provider that could
 * not be asked ({@link RefusalCode#PROVIDER_SILENT}); a {@code returnTo} that is not a path of
 * this BAR ({@link RefusalCode#BAD_FIELD}). The reason never quotes a token, a code or the
 * client secret.
 */
public final class OidcRefused extends RefusedException {

    private static final long serialVersionUID = 1L;

    /** @param refusal why, with its code */
    public OidcRefused(Refusal refusal) {
        super(refusal);
    }

    private OidcRefused(Refusal refusal, Throwable cause) {
        super(Objects.requireNonNull(refusal, "refusal").message(), refusal, cause);
    }

    /** Not signed in, for {@code reason}. */
    public static OidcRefused notSignedIn(String reason) {
        return new OidcRefused(new Refusal(RefusalCode.NOT_SIGNED_IN, "", reason));
    }

    /** Not signed in, for {@code reason}, found while handling {@code cause}. */
    public static OidcRefused notSignedIn(String reason, Throwable cause) {
        return new OidcRefused(new Refusal(RefusalCode.NOT_SIGNED_IN, "", reason), cause);
    }

    /**
     * The provider sent the browser back with an error instead of a code (RFC 6749 4.1.2.1:
     * {@code access_denied} when the person declined, {@code login_required}, ...). The error code
     * is repeated only when it is spelled as the RFC's codes are.
     */
    public static OidcRefused providerAnswered(String error) {
        boolean plain = error != null && error.matches("[a-z_]{1,64}");
        return notSignedIn("the provider did not sign you in" + (plain ? " (" + error + ")" : ""));
    }

    /** The provider could not be asked or gave no answer that could be read. */
    public static OidcRefused providerSilent(String reason, Throwable cause) {
        return new OidcRefused(new Refusal(RefusalCode.PROVIDER_SILENT, "oidc", reason), cause);
    }

    /** A request field is wrong. */
    public static OidcRefused badField(String field, String reason) {
        return new OidcRefused(Refusal.badField(field, reason));
    }

    /** Why, for programs. */
    public RefusalCode code() {
        return refusal().code();
    }

    /** Why, for people. */
    public String reason() {
        return refusal().message();
    }
}
