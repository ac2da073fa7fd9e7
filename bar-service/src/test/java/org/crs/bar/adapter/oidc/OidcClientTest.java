package org.crs.bar.adapter.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcIdentity;
import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.oidc.TestIdentityProvider;
import org.crs.bar.oidc.TestIdentityProvider.Person;
import org.crs.domain.refusal.RefusalCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;

import okhttp3.mockwebserver.RecordedRequest;

/** The code flow with PKCE against a real OpenID provider (mock-oauth2-server) the test starts. */
class OidcClientTest {

    static final URI CALLBACK = URI.create("http://127.0.0.1:8080/api/oidc/callback");

    TestIdentityProvider idp;
    OidcSettings settings;
    OidcClient client;

    @BeforeEach
    void start() {
        idp = TestIdentityProvider.start(Person.carol());
        settings = idp.settings(CALLBACK);
        client = new OidcClient(settings, Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        idp.close();
    }

    /** The provider's redirect back to the BAR, as the browser would bring it. */
    URI callbackFor(AuthorizationRequest pending) throws Exception {
        URI callback = idp.signIn(pending.redirect());
        assertEquals(CALLBACK.getPath(), callback.getPath(), "back to the registered redirect URI: " + callback);
        return callback;
    }

    static String code(URI callback) {
        return TestIdentityProvider.parameter(callback, "code");
    }

    static String state(URI callback) {
        return TestIdentityProvider.parameter(callback, "state");
    }

    @Test
    void aFullCodeFlowNamesThePersonTheProviderSignedIn() throws Exception {
        AuthorizationRequest pending = client.begin("/reservations?state=ACTIVE");
        URI callback = callbackFor(pending);
        assertEquals(pending.state(), state(callback), "the provider hands the state back");

        OidcIdentity who = client.finish(pending, code(callback), state(callback));

        assertEquals(new OidcIdentity("carol", List.of("astro", "site-b"), Optional.of("carol@site-b.example.org"),
                "f3c1a7e2-carol"), who);
        assertEquals("/reservations?state=ACTIVE", pending.returnTo());
    }

    @Test
    void theAuthorizationUrlAsksForACodeWithAnS256ChallengeOfTheVerifier() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI url = pending.redirect();

        assertEquals(idp.issuer() + "/authorize", url.getScheme() + "://" + url.getAuthority() + url.getPath());
        assertEquals("code", TestIdentityProvider.parameter(url, "response_type"));
        assertEquals(TestIdentityProvider.CLIENT_ID, TestIdentityProvider.parameter(url, "client_id"));
        assertEquals(CALLBACK.toString(), TestIdentityProvider.parameter(url, "redirect_uri"));
        assertEquals("openid profile email", TestIdentityProvider.parameter(url, "scope"));
        assertEquals(pending.state(), TestIdentityProvider.parameter(url, "state"));
        assertEquals(pending.nonce(), TestIdentityProvider.parameter(url, "nonce"));
        assertEquals("S256", TestIdentityProvider.parameter(url, "code_challenge_method"));
        assertEquals(OidcClient.challenge(pending.codeVerifier()), TestIdentityProvider.parameter(url, "code_challenge"));
        assertFalse(url.toString().contains(pending.codeVerifier()), "the verifier itself never leaves the BAR before the exchange");
        // As another implementation computes it (the OAuth 2.0 SDK the provider is built on).
        assertEquals(CodeChallenge.compute(CodeChallengeMethod.S256, new CodeVerifier(pending.codeVerifier())).getValue(),
                TestIdentityProvider.parameter(url, "code_challenge"));
    }

    @Test
    void eachSignInHasItsOwnStateNonceAndVerifier() throws Exception {
        AuthorizationRequest one = client.begin("/");
        AuthorizationRequest two = client.begin("/");

        assertFalse(one.state().equals(two.state()) || one.nonce().equals(two.nonce())
                || one.codeVerifier().equals(two.codeVerifier()));
        assertTrue(one.codeVerifier().length() >= 43, "RFC 7636: at least 43 characters");
    }

    @Test
    void theCodeIsExchangedWithTheVerifierAndTheClientSecretInHttpBasic() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);
        client.finish(pending, code(callback), state(callback));

        RecordedRequest token = tokenRequest();
        String body = token.getBody().readUtf8();
        assertTrue(body.contains("grant_type=authorization_code"), body.replaceAll("code=[^&]*", "code=..."));
        assertTrue(body.contains("code_verifier=" + pending.codeVerifier()), "the verifier is sent");
        assertFalse(body.contains("client_secret"), "the secret goes in the header, not the body");
        assertEquals("Basic " + Base64.getEncoder().encodeToString((TestIdentityProvider.CLIENT_ID + ":"
                + TestIdentityProvider.CLIENT_SECRET).getBytes(StandardCharsets.UTF_8)), token.getHeader("Authorization"));
    }

    RecordedRequest tokenRequest() throws InterruptedException {
        while (true) {
            RecordedRequest r = idp.server().takeRequest(2, TimeUnit.SECONDS);
            if ("POST".equals(r.getMethod()) && r.getPath().endsWith("/token")) {
                return r;
            }
        }
    }

    @Test
    void aVerifierThatDoesNotMatchTheChallengeIsRefusedByTheProvider() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);
        AuthorizationRequest otherVerifier = new AuthorizationRequest(pending.redirect(), pending.state(), pending.nonce(),
                client.begin("/").codeVerifier(), pending.returnTo(), pending.startedAt());

        OidcRefused refused = assertThrows(OidcRefused.class,
                () -> client.finish(otherVerifier, code(callback), state(callback)));

        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
        assertEquals("the provider refused the code (invalid_grant)", refused.reason());
    }

    @Test
    void aCallbackWithAnotherStateIsRefusedBeforeTheCodeIsUsed() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);

        OidcRefused forged = assertThrows(OidcRefused.class, () -> client.finish(pending, code(callback), "forged-state"));
        OidcRefused none = assertThrows(OidcRefused.class, () -> client.finish(pending, code(callback), null));

        assertEquals(RefusalCode.NOT_SIGNED_IN, forged.code());
        assertEquals("the callback's state is not this session's sign-in", forged.reason());
        assertEquals(RefusalCode.NOT_SIGNED_IN, none.code());
        assertEquals("carol", client.finish(pending, code(callback), state(callback)).account(),
                "the code was not spent on the forged callbacks");
    }

    @Test
    void aCallbackOfAnotherSessionsSignInIsRefused() throws Exception {
        AuthorizationRequest mine = client.begin("/");
        AuthorizationRequest theirs = client.begin("/");
        URI theirCallback = callbackFor(theirs);

        OidcRefused refused = assertThrows(OidcRefused.class,
                () -> client.finish(mine, code(theirCallback), state(theirCallback)));

        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
    }

    @Test
    void aSignInIsFinishedOnce() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);
        client.finish(pending, code(callback), state(callback));

        OidcRefused again = assertThrows(OidcRefused.class, () -> client.finish(pending, code(callback), state(callback)));

        assertEquals(RefusalCode.NOT_SIGNED_IN, again.code());
        assertEquals("this sign-in was finished already; sign in again", again.reason());
    }

    @Test
    void aCodeUsedTwiceIsRefusedAtAnotherReplicaToo() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);
        client.finish(pending, code(callback), state(callback));
        OidcClient replica = new OidcClient(settings, Clock.systemUTC());

        // The provider no longer knows the code: a real one answers invalid_grant; this one issues a
        // token without the sign-in's nonce, which is refused as well.
        OidcRefused again = assertThrows(OidcRefused.class, () -> replica.finish(pending, code(callback), state(callback)));

        assertEquals(RefusalCode.NOT_SIGNED_IN, again.code());
    }

    @Test
    void aSignInLapsesAfterItsLifetime() throws Exception {
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);
        AuthorizationRequest old = new AuthorizationRequest(pending.redirect(), pending.state(), pending.nonce(),
                pending.codeVerifier(), pending.returnTo(), pending.startedAt().minus(settings.pendingLifetime())
                .minusSeconds(1));

        OidcRefused lapsed = assertThrows(OidcRefused.class, () -> client.finish(old, code(callback), state(callback)));

        assertEquals(RefusalCode.NOT_SIGNED_IN, lapsed.code());
        assertTrue(lapsed.reason().startsWith("the sign-in took longer than 10 minutes"), lapsed.reason());
    }

    @Test
    void aCallbackWithoutASignInInTheSessionIsRefused() {
        OidcRefused refused = assertThrows(OidcRefused.class, () -> client.finish(null, "code", "state"));

        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
    }

    @Test
    void aReturnPathOffThisBarIsRefused() {
        for (String elsewhere : List.of("https://evil.example/", "//evil.example/x", "/\\evil.example", "reservations",
                "/a\r\nSet-Cookie: x=y")) {
            OidcRefused refused = assertThrows(OidcRefused.class, () -> client.begin(elsewhere), elsewhere);
            assertEquals(RefusalCode.BAD_FIELD, refused.code());
            assertEquals("returnTo", refused.refusal().field());
        }
    }

    @Test
    void aProviderThatDoesNotAnswerIsSilentNotASignInFailure() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        OidcClient nowhere = new OidcClient(OidcSettings.of(URI.create("http://127.0.0.1:" + closed + "/crs"),
                "crs-bar", "secret", CALLBACK).withTimes(Duration.ofSeconds(2), Duration.ofMinutes(10)), Clock.systemUTC());

        OidcRefused refused = assertThrows(OidcRefused.class, () -> nowhere.begin("/"));

        assertEquals(RefusalCode.PROVIDER_SILENT, refused.code());
    }

    @Test
    void aDiscoveryDocumentNamingAnotherIssuerIsRefused() {
        // The same server, the issuer spelled with a trailing slash: the document names it without.
        OidcClient other = new OidcClient(OidcSettings.of(URI.create(idp.issuer() + "/"), TestIdentityProvider.CLIENT_ID,
                TestIdentityProvider.CLIENT_SECRET, CALLBACK), Clock.systemUTC());

        OidcRefused refused = assertThrows(OidcRefused.class, () -> other.begin("/"));

        assertEquals(RefusalCode.PROVIDER_SILENT, refused.code());
        assertTrue(refused.reason().contains("names issuer " + idp.issuer() + ", not"), refused.reason());
    }

    @Test
    void aQueuedPersonIsWhoTheNextCodeStandsFor() throws Exception {
        idp.nextSignIn(new Person("s-dave", "dave", "", List.of()));
        AuthorizationRequest pending = client.begin("/");
        URI callback = callbackFor(pending);

        OidcIdentity who = client.finish(pending, code(callback), state(callback));

        assertEquals(new OidcIdentity("dave", List.of(), Optional.empty(), "s-dave"), who);
    }
}
