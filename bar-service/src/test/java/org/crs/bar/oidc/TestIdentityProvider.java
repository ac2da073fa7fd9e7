package org.crs.bar.oidc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jwt.SignedJWT;

import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import no.nav.security.mock.oauth2.http.MockWebServerWrapper;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.OAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.OAuth2TokenProvider;

/**
 * A real OpenID provider for tests and the demo's end-to-end tests: mock-oauth2-server
 * (no.nav.security, test scope) on 127.0.0.1 and a free port, issuer {@code http://127.0.0.1:PORT/crs}.
 * It serves discovery, keys (RS256), the authorization endpoint, and the token endpoint, which
 * checks the PKCE verifier against the challenge and puts the nonce of the authorization request
 * in the ID token.
 *
 * <p>Its authorization endpoint shows no login form: a GET with a valid request answers at once
 * with a redirect to the redirect URI carrying a code and the state. The person the code stands
 * for is {@link #nextSignIn the next one queued}, else the provider's {@code everyone} person.
 * {@link #signIn} drives that endpoint as a browser would, without following the redirect back.
 *
 * <pre>{@code
 * try (TestIdentityProvider idp = TestIdentityProvider.start(Person.carol())) {
 *     OidcSettings settings = idp.settings(URI.create("http://127.0.0.1:8080/api/oidc/callback"));
 *     // the BAR redirects the browser to AuthorizationRequest.redirect(); the test follows it:
 *     URI callback = idp.signIn(redirect);   // http://127.0.0.1:8080/api/oidc/callback?code=..&state=..
 * }
 * }</pre>
 */
public final class TestIdentityProvider implements AutoCloseable {

    /** The issuer's path on the server. */
    public static final String ISSUER_ID = "crs";
    /** The client id the BAR is registered with. */
    public static final String CLIENT_ID = "crs-bar";
    /** The client secret the BAR is registered with (a test value; this provider takes any). */
    public static final String CLIENT_SECRET = "crs-bar-test-secret";

    /**
     * A person the provider signs in.
     *
     * @param subject the {@code sub} claim
     * @param username the {@code preferred_username} claim
     * @param email the {@code email} claim; empty for none
     * @param groups the {@code groups} claim
     */
    public record Person(String subject, String username, String email, List<String> groups) {
        public Person {
            groups = List.copyOf(groups);
        }

        /** The demo's carol of site-b, in group astro: as the demo's accounts name her. */
        public static Person carol() {
            return new Person("f3c1a7e2-carol", "carol", "carol@site-b.example.org", List.of("astro", "site-b"));
        }

        /** The ID token claims besides the protocol's. */
        public Map<String, Object> claims() {
            Map<String, Object> claims = new LinkedHashMap<>();
            claims.put("preferred_username", username);
            if (!email.isEmpty()) {
                claims.put("email", email);
                claims.put("email_verified", true);
            }
            claims.put("groups", groups);
            return claims;
        }

        OAuth2TokenCallback callback() {
            return new DefaultOAuth2TokenCallback(ISSUER_ID, subject, JOSEObjectType.JWT.getType(), List.of(CLIENT_ID),
                    claims(), 3600);
        }
    }

    private final MockOAuth2Server server;
    private final OAuth2TokenProvider tokens;
    private final HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private TestIdentityProvider(MockOAuth2Server server, OAuth2TokenProvider tokens) {
        this.server = server;
        this.tokens = tokens;
    }

    /** Starts a provider on 127.0.0.1 and a free port, signing in {@code everyone} unless another is queued. */
    public static TestIdentityProvider start(Person everyone) {
        OAuth2TokenProvider tokens = new OAuth2TokenProvider();
        OAuth2Config config = new OAuth2Config(false, null, null, false, tokens,
                Set.of(everyone.callback()), new MockWebServerWrapper());
        MockOAuth2Server server = new MockOAuth2Server(config);
        try {
            server.start(InetAddress.getByName("127.0.0.1"), 0);
        } catch (IOException e) {
            throw new IllegalStateException("the test OpenID provider did not start", e);
        }
        return new TestIdentityProvider(server, tokens);
    }

    /** The next code this provider issues is {@code person}'s. */
    public void nextSignIn(Person person) {
        server.enqueueCallback(person.callback());
    }

    /** {@code http://127.0.0.1:PORT/crs}, the issuer identifier. */
    public URI issuer() {
        return URI.create("http://127.0.0.1:" + port() + "/" + ISSUER_ID);
    }

    /** The port it listens on. */
    public int port() {
        return server.baseUrl().port();
    }

    /** Settings for a BAR registered here with {@code redirectUri}, the defaults otherwise. */
    public OidcSettings settings(URI redirectUri) {
        return OidcSettings.of(issuer(), CLIENT_ID, CLIENT_SECRET, redirectUri).withLabel("Sign in with the test provider");
    }

    /**
     * What a browser sent to {@code authorizationUrl} gets back: the provider's redirect to the
     * BAR's callback, with {@code code} and {@code state} (or {@code error}) in its query.
     */
    public URI signIn(URI authorizationUrl) throws IOException, InterruptedException {
        HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(authorizationUrl).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 302) {
            throw new IllegalStateException("the provider answered HTTP " + answer.statusCode() + ": " + answer.body());
        }
        return URI.create(answer.headers().firstValue("Location").orElseThrow());
    }

    /** The server itself: recorded requests ({@code takeRequest}), tokens it signs ({@code issueToken}). */
    public MockOAuth2Server server() {
        return server;
    }

    /**
     * A JWT with exactly {@code claims} (plus {@code iat}, {@code nbf} now and {@code exp} after
     * {@code expiry}), signed with the key this provider signs its ID tokens with.
     */
    public SignedJWT sign(Map<String, Object> claims, Duration expiry) {
        return tokens.jwt(claims, expiry, ISSUER_ID);
    }

    /** A query parameter of {@code uri}, decoded; null when absent. */
    public static String parameter(URI uri, String name) {
        String query = uri.getRawQuery();
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (java.net.URLDecoder.decode(key, java.nio.charset.StandardCharsets.UTF_8).equals(name)) {
                return eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    @Override
    public void close() {
        server.shutdown();
    }
}
