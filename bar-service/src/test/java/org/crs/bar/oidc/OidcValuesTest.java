package org.crs.bar.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The OpenID sign-in's settings and the sign-in in progress, as values. */
class OidcValuesTest {

    static final URI CALLBACK = URI.create("https://crs.example.org/api/oidc/callback");

    @Test
    void settingsNeverShowTheClientSecret() {
        OidcSettings s = OidcSettings.of(URI.create("https://idp.example.org"), "crs", "s3cr3t-value", CALLBACK);

        assertFalse(s.toString().contains("s3cr3t-value"), s.toString());
        assertTrue(s.toString().contains("clientSecret=<secret>"));
    }

    @Test
    void openidIsAlwaysAskedForFirstAndEachScopeOnce() {
        OidcSettings s = OidcSettings.of(URI.create("https://idp.example.org"), "crs", "secret", CALLBACK)
                .withScopes(List.of("email", "openid", "groups", "email"));

        assertEquals(List.of("openid", "email", "groups"), s.scopes());
        assertThrows(IllegalArgumentException.class, () -> s.withScopes(List.of("two words")));
    }

    @Test
    void anIssuerOverPlainHttpIsTakenOnlyOnALoopbackAddress() {
        for (String loopback : List.of("http://127.0.0.1:9000/crs", "http://localhost:9000/crs")) {
            assertEquals(URI.create(loopback), OidcSettings.of(URI.create(loopback), "crs", "secret", CALLBACK).issuer());
        }
        for (String refused : List.of("http://idp.example.org", "https://idp.example.org/?realm=x",
                "https://user@idp.example.org", "ftp://idp.example.org")) {
            assertThrows(IllegalArgumentException.class,
                    () -> OidcSettings.of(URI.create(refused), "crs", "secret", CALLBACK), refused);
        }
    }

    @Test
    void aSignInInProgressNeverShowsItsSecrets() {
        AuthorizationRequest r = new AuthorizationRequest(URI.create("https://idp.example.org/authorize?state=st4te"),
                "st4te", "n0nce", "ver1fier", "/reservations", Instant.parse("2026-11-27T17:00:00Z"));

        assertEquals("AuthorizationRequest[returnTo=/reservations, startedAt=2026-11-27T17:00:00Z]", r.toString());
    }

    @Test
    void onlyPathsOfThisBarAreReturnedTo() {
        for (String path : List.of("/", "/reservations/r-1?tab=history", "/a/b#c")) {
            assertTrue(AuthorizationRequest.isLocalPath(path), path);
        }
        for (String path : List.of("", "reservations", "//evil.example", "/\\evil.example", "https://evil.example",
                "/a\\b", "/a\nb", "/" + "a".repeat(AuthorizationRequest.MAX_RETURN_TO))) {
            assertFalse(AuthorizationRequest.isLocalPath(path), path);
        }
        assertFalse(AuthorizationRequest.isLocalPath(null));
        assertThrows(IllegalArgumentException.class, () -> new AuthorizationRequest(URI.create("https://idp/a"), "s", "n",
                "v", "//evil.example", Instant.EPOCH));
    }

    @Test
    void aProvidersErrorIsRepeatedOnlyWhenSpelledAsTheRfcsCodes() {
        assertEquals("the provider did not sign you in (access_denied)", OidcRefused.providerAnswered("access_denied").reason());
        assertEquals("the provider did not sign you in", OidcRefused.providerAnswered("<script>").reason());
        assertEquals(org.crs.domain.refusal.RefusalCode.NOT_SIGNED_IN, OidcRefused.providerAnswered(null).code());
    }
}
