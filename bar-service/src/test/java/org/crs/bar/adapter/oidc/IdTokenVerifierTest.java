package org.crs.bar.adapter.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.oidc.TestIdentityProvider;
import org.crs.bar.oidc.TestIdentityProvider.Person;
import org.crs.domain.refusal.RefusalCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;

/**
 * The ID token's checks, with tokens signed by a real provider's key (and others that only
 * pretend to be), verified against that provider's published keys.
 */
class IdTokenVerifierTest {

    static final String NONCE = "n-0S6_WzA2Mj";

    TestIdentityProvider idp;
    IdTokenVerifier verifier;

    @BeforeEach
    void start() {
        idp = TestIdentityProvider.start(Person.carol());
        ProviderHttp http = new ProviderHttp(HttpClient.newHttpClient(), Duration.ofSeconds(5));
        ProviderKeys keys = new ProviderKeys(URI.create(idp.issuer() + "/jwks"), http, Clock.systemUTC());
        verifier = new IdTokenVerifier(idp.issuer().toString(), TestIdentityProvider.CLIENT_ID,
                Set.of(JWSAlgorithm.RS256), keys);
    }

    @AfterEach
    void stop() {
        idp.close();
    }

    /** The claims of a good ID token for carol. */
    Map<String, Object> claims() {
        Map<String, Object> claims = new LinkedHashMap<>(Person.carol().claims());
        claims.put("iss", idp.issuer().toString());
        claims.put("sub", "f3c1a7e2-carol");
        claims.put("aud", List.of(TestIdentityProvider.CLIENT_ID));
        claims.put("azp", TestIdentityProvider.CLIENT_ID);
        claims.put("nonce", NONCE);
        return claims;
    }

    String signedByTheProvider(Map<String, Object> claims) {
        return idp.sign(claims, Duration.ofMinutes(5)).serialize();
    }

    OidcRefused refused(String token) {
        OidcRefused refused = assertThrows(OidcRefused.class, () -> verifier.verify(token, NONCE));
        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code(), refused.reason());
        return refused;
    }

    @Test
    void aTokenTheProviderSignedForThisClientWithTheNoncePasses() throws Exception {
        JWTClaimsSet claims = verifier.verify(signedByTheProvider(claims()), NONCE);

        assertEquals("carol", claims.getStringClaim("preferred_username"));
    }

    @Test
    void aTokenWhosePayloadWasChangedIsRefused() {
        String[] parts = signedByTheProvider(claims()).split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("\"carol\"", "\"ada\"");
        String tampered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];

        OidcRefused refused = refused(tampered);

        assertEquals("the ID token's signature does not verify with the provider's keys", refused.reason());
    }

    @Test
    void aTokenSignedWithAnotherKeyUnderTheProvidersKeyIdIsRefused() throws Exception {
        String kid = SignedJWT.parse(signedByTheProvider(claims())).getHeader().getKeyID();
        RSAKey impostor = new RSAKeyGenerator(2048).keyID(kid).generate();
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(),
                JWTClaimsSet.parse(claims()));
        forged.sign(new RSASSASigner(impostor));

        OidcRefused refused = refused(forged.serialize());

        assertEquals("the ID token's signature does not verify with the provider's keys", refused.reason());
    }

    @Test
    void anUnsignedTokenIsRefused() throws Exception {
        refused(new PlainJWT(JWTClaimsSet.parse(claims())).serialize());
    }

    @Test
    void aTokenSignedWithTheClientSecretIsRefused() throws Exception {
        // A MAC keyed with the client secret would let anyone who holds the secret make tokens.
        SignedJWT hmac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), JWTClaimsSet.parse(claims()));
        hmac.sign(new MACSigner("crs-bar-test-secret-crs-bar-test-secret".getBytes(StandardCharsets.UTF_8)));

        refused(hmac.serialize());
    }

    @Test
    void aTokenForAnotherClientIsRefused() {
        Map<String, Object> claims = claims();
        claims.put("aud", List.of("another-client"));
        claims.remove("azp");

        assertTrue(refused(signedByTheProvider(claims)).reason().contains("aud"));
    }

    @Test
    void aTokenAlsoForAnotherClientThatDoesNotNameUsAsItsPartyIsRefused() {
        Map<String, Object> claims = claims();
        claims.put("aud", List.of(TestIdentityProvider.CLIENT_ID, "another-client"));
        claims.put("azp", "another-client");

        assertEquals("the ID token was issued to another client (azp)", refused(signedByTheProvider(claims)).reason());
    }

    @Test
    void aTokenFromAnotherIssuerIsRefused() {
        Map<String, Object> claims = claims();
        claims.put("iss", "https://idp.elsewhere.example");

        assertTrue(refused(signedByTheProvider(claims)).reason().contains("iss"));
    }

    @Test
    void anExpiredTokenIsRefused() {
        String expired = idp.sign(claims(), Duration.ofSeconds(-IdTokenVerifier.CLOCK_SKEW_SECONDS - 5)).serialize();

        assertTrue(refused(expired).reason().contains("Expired"));
    }

    @Test
    void aTokenWithAnotherNonceIsRefused() {
        Map<String, Object> claims = claims();
        claims.put("nonce", "another-sign-in");

        assertEquals("the ID token's nonce is not this sign-in's", refused(signedByTheProvider(claims)).reason());
    }

    @Test
    void aTokenWithoutANonceIsRefused() {
        Map<String, Object> claims = claims();
        claims.remove("nonce");

        assertEquals("the ID token's nonce is not this sign-in's", refused(signedByTheProvider(claims)).reason());
    }

    @Test
    void aTokenWithoutASubjectIsRefused() {
        Map<String, Object> claims = claims();
        claims.remove("sub");

        refused(signedByTheProvider(claims));
    }

    @Test
    void somethingThatIsNotAJwtIsRefused() {
        refused("not-a-token");
    }
}
