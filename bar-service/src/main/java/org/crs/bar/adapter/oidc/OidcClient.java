package org.crs.bar.adapter.oidc;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcIdentity;
import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.port.IdentityProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jwt.JWTClaimsSet;

/**
 * The site's OpenID provider over HTTP, with the JDK's client: the authorization code flow of
 * OpenID Connect Core 1.0 with PKCE (RFC 7636, S256) for a confidential client.
 *
 * <ol>
 * <li>{@link #begin}: reads the discovery document ({@code <issuer>/.well-known/openid-configuration})
 *     at the first sign-in and keeps it; makes a state, a nonce and a code verifier (32 random
 *     bytes each, base64url) and the authorization URL:
 *     {@code <authorization_endpoint>?response_type=code&client_id=..&redirect_uri=..&scope=openid+..&state=..&nonce=..&code_challenge=BASE64URL(SHA-256(verifier))&code_challenge_method=S256}.</li>
 * <li>{@link #finish}: compares the callback's state with the session's (in constant time), takes
 *     each sign-in once, then POSTs {@code grant_type=authorization_code&code=..&redirect_uri=..&code_verifier=..}
 *     to the token endpoint with the client id and secret in HTTP Basic ({@code client_secret_basic},
 *     RFC 6749 2.3.1), and checks the ID token of the answer ({@link IdTokenVerifier}, against the
 *     keys of {@code jwks_uri}).</li>
 * </ol>
 *
 * <p>Nothing is asked of the provider before the first sign-in, so a BAR starts whether or not
 * its provider answers; a discovery document that could not be read is asked for again at the
 * next sign-in. Redirects are not followed. No log line carries a code, a token, the verifier or
 * the client secret.
 */
public final class OidcClient implements IdentityProvider {

    private static final Logger LOG = LoggerFactory.getLogger(OidcClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** An OAuth error code as RFC 6749 5.2 spells them; anything else is not repeated in a refusal. */
    private static final Pattern ERROR_CODE = Pattern.compile("[a-z_]{1,64}");

    private final OidcSettings settings;
    private final ProviderHttp http;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    /** The states of sign-ins whose code was taken, until they lapse: each sign-in is finished once. */
    private final Map<String, Instant> finished = new ConcurrentHashMap<>();
    private volatile Provider provider;

    /** The discovery document, and the verifier over its keys. */
    private record Provider(ProviderMetadata metadata, IdTokenVerifier verifier) {
    }

    /** With the JDK's default trust (the system's certificate authorities). */
    public OidcClient(OidcSettings settings, Clock clock) {
        this(settings, HttpClient.newBuilder().connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build(), clock);
    }

    /**
     * With a client of the caller's (its own trust store, say); it should not follow redirects.
     *
     * @param settings the provider and this BAR's registration at it
     * @param client the HTTP client every call to the provider goes through
     * @param clock when sign-ins start and lapse
     */
    public OidcClient(OidcSettings settings, HttpClient client, Clock clock) {
        this.settings = java.util.Objects.requireNonNull(settings, "settings");
        this.http = new ProviderHttp(java.util.Objects.requireNonNull(client, "client"), settings.timeout());
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
    }

    @Override
    public AuthorizationRequest begin(String returnTo) throws OidcRefused {
        if (!AuthorizationRequest.isLocalPath(returnTo)) {
            throw OidcRefused.badField("returnTo", "must be a path of this BAR (/...)");
        }
        ProviderMetadata metadata = provider().metadata();
        String state = randomToken();
        String nonce = randomToken();
        String verifier = randomToken();
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", settings.clientId());
        query.put("redirect_uri", settings.redirectUri().toString());
        query.put("scope", String.join(" ", settings.scopes()));
        query.put("state", state);
        query.put("nonce", nonce);
        query.put("code_challenge", challenge(verifier));
        query.put("code_challenge_method", "S256");
        String endpoint = metadata.authorizationEndpoint().toString();
        URI redirect = URI.create(endpoint + (metadata.authorizationEndpoint().getRawQuery() == null ? "?" : "&")
                + form(query));
        return new AuthorizationRequest(redirect, state, nonce, verifier, returnTo, clock.instant());
    }

    @Override
    public OidcIdentity finish(AuthorizationRequest pending, String code, String state) throws OidcRefused {
        if (pending == null) {
            throw OidcRefused.notSignedIn("no sign-in was started in this session");
        }
        if (state == null || !MessageDigest.isEqual(state.getBytes(StandardCharsets.UTF_8),
                pending.state().getBytes(StandardCharsets.UTF_8))) {
            throw OidcRefused.notSignedIn("the callback's state is not this session's sign-in");
        }
        Instant now = clock.instant();
        finished.values().removeIf(at -> at.isBefore(now.minus(settings.pendingLifetime())));
        if (now.isAfter(pending.startedAt().plus(settings.pendingLifetime()))) {
            throw OidcRefused.notSignedIn("the sign-in took longer than " + settings.pendingLifetime().toMinutes()
                    + " minutes; sign in again");
        }
        if (finished.putIfAbsent(pending.state(), now) != null) {
            throw OidcRefused.notSignedIn("this sign-in was finished already; sign in again");
        }
        if (code == null || code.isBlank()) {
            throw OidcRefused.notSignedIn("the provider sent no code");
        }
        Provider p = provider();
        String idToken = exchange(p.metadata(), code, pending.codeVerifier());
        JWTClaimsSet claims = p.verifier().verify(idToken, pending.nonce());
        return identity(claims);
    }

    /** The code and the verifier for tokens; the ID token of the answer. */
    private String exchange(ProviderMetadata metadata, String code, String verifier) throws OidcRefused {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", settings.redirectUri().toString());
        form.put("code_verifier", verifier);
        String basic = Base64.getEncoder().encodeToString((encode(settings.clientId()) + ":"
                + encode(settings.clientSecret())).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(metadata.tokenEndpoint()).timeout(settings.timeout())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(form(form))).build();
        ProviderHttp.Answer answer = http.send(request, "token endpoint");
        JsonNode body = json(answer.body());
        if (answer.status() == 400 || answer.status() == 401) {
            String error = body != null && body.path("error").isTextual() ? body.path("error").asText() : "";
            throw OidcRefused.notSignedIn("the provider refused the code"
                    + (ERROR_CODE.matcher(error).matches() ? " (" + error + ")" : ""));
        }
        if (answer.status() != 200 || body == null) {
            throw OidcRefused.providerSilent("the provider's token endpoint answered HTTP " + answer.status(), null);
        }
        JsonNode idToken = body.path("id_token");
        if (!idToken.isTextual() || idToken.asText().isBlank()) {
            throw OidcRefused.notSignedIn("the provider's token answer has no ID token");
        }
        return idToken.asText();
    }

    /** Who the checked claims name. */
    private OidcIdentity identity(JWTClaimsSet claims) throws OidcRefused {
        Object account = claims.getClaim(settings.accountClaim());
        if (!(account instanceof String name) || name.isBlank()) {
            throw OidcRefused.notSignedIn("the ID token has no " + settings.accountClaim() + " claim naming the account");
        }
        List<String> groups = new ArrayList<>();
        Object g = claims.getClaim(settings.groupsClaim());
        if (g instanceof String one) {
            groups.add(one);
        } else if (g instanceof List<?> many) {
            many.stream().filter(String.class::isInstance).map(String.class::cast).forEach(groups::add);
        }
        Optional<String> email = Optional.empty();
        // An address the provider says it has not verified is not where this account's mail should go.
        if (claims.getClaim("email") instanceof String e && !e.isBlank()
                && !Boolean.FALSE.equals(claims.getClaim("email_verified"))) {
            email = Optional.of(e.strip());
        }
        return new OidcIdentity(name, groups, email, claims.getSubject());
    }

    /** The provider's discovery document and keys, read once and kept. */
    private Provider provider() throws OidcRefused {
        Provider p = provider;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (provider == null) {
                URI location = ProviderMetadata.location(settings.issuer());
                ProviderMetadata metadata = ProviderMetadata.parse(http.get(location, "discovery document"),
                        settings.issuer());
                ProviderKeys keys = new ProviderKeys(metadata.jwksUri(), http, clock);
                provider = new Provider(metadata, new IdTokenVerifier(metadata.issuer(), settings.clientId(),
                        metadata.algorithms(), keys));
                LOG.info("OpenID provider {}: authorization at {}, tokens at {}, signing with {}", metadata.issuer(),
                        metadata.authorizationEndpoint(), metadata.tokenEndpoint(), metadata.algorithms());
            }
            return provider;
        }
    }

    private String randomToken() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The S256 code challenge of {@code verifier} (RFC 7636 4.2). */
    static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static JsonNode json(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static String form(Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        values.forEach((k, v) -> out.append(out.length() == 0 ? "" : "&").append(encode(k)).append('=').append(encode(v)));
        return out.toString();
    }

    /** application/x-www-form-urlencoded, with spaces as %20 so that no reader takes a '+' literally. */
    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
