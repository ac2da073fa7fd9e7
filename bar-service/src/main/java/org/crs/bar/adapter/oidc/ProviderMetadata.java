package org.crs.bar.adapter.oidc;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.crs.bar.oidc.OidcRefused;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;

/**
 * What the provider's discovery document ({@code <issuer>/.well-known/openid-configuration},
 * OpenID Connect Discovery 1.0) says, as far as the code flow needs it.
 *
 * @param issuer the issuer, exactly as configured (the document must name the same)
 * @param authorizationEndpoint where the browser is sent
 * @param tokenEndpoint where the code is exchanged
 * @param jwksUri where the keys that sign ID tokens are
 * @param algorithms the asymmetric algorithms the provider signs ID tokens with (RS256 when it does not say)
 */
record ProviderMetadata(String issuer, URI authorizationEndpoint, URI tokenEndpoint, URI jwksUri,
                        Set<JWSAlgorithm> algorithms) {

    /** The algorithms taken: public-key signatures only, so that the client secret never verifies a token. */
    static final Set<JWSAlgorithm> ASYMMETRIC = asymmetric();

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The document's location for {@code issuer}. */
    static URI location(URI issuer) {
        String base = issuer.toString();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + "/.well-known/openid-configuration");
    }

    /** Reads the document; refuses one that names another issuer or lacks an endpoint. */
    static ProviderMetadata parse(String json, URI configuredIssuer) throws OidcRefused {
        JsonNode doc;
        try {
            doc = JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw OidcRefused.providerSilent("the provider's discovery document is not JSON", e);
        }
        if (doc == null || !doc.isObject()) {
            throw OidcRefused.providerSilent("the provider's discovery document is not a JSON object", null);
        }
        String issuer = text(doc, "issuer");
        if (!issuer.equals(configuredIssuer.toString())) {
            // OpenID Connect Discovery 1.0, 4.3: a document naming another issuer is not this provider's.
            throw OidcRefused.providerSilent("the provider's discovery document names issuer " + issuer + ", not "
                    + configuredIssuer, null);
        }
        boolean tls = configuredIssuer.getScheme().equalsIgnoreCase("https");
        URI authorization = endpoint(doc, "authorization_endpoint", tls);
        URI token = endpoint(doc, "token_endpoint", tls);
        URI jwks = endpoint(doc, "jwks_uri", tls);
        Set<JWSAlgorithm> algorithms = new LinkedHashSet<>();
        JsonNode signing = doc.get("id_token_signing_alg_values_supported");
        if (signing != null && signing.isArray()) {
            for (JsonNode a : signing) {
                JWSAlgorithm alg = JWSAlgorithm.parse(a.asText());
                if (ASYMMETRIC.contains(alg)) {
                    algorithms.add(alg);
                }
            }
        }
        if (algorithms.isEmpty()) {
            algorithms.add(JWSAlgorithm.RS256); // the algorithm every provider must support (OIDC Core 15.1)
        }
        JsonNode methods = doc.get("code_challenge_methods_supported");
        if (methods != null && methods.isArray()) {
            List<String> names = new ArrayList<>();
            methods.forEach(m -> names.add(m.asText()));
            if (!names.contains("S256")) {
                throw OidcRefused.providerSilent("the provider does not take PKCE with S256 (code_challenge_methods_supported: "
                        + names + ")", null);
            }
        }
        return new ProviderMetadata(issuer, authorization, token, jwks, Set.copyOf(algorithms));
    }

    private static Set<JWSAlgorithm> asymmetric() {
        Set<JWSAlgorithm> all = new LinkedHashSet<>(JWSAlgorithm.Family.RSA);
        all.addAll(JWSAlgorithm.Family.EC);
        all.addAll(JWSAlgorithm.Family.ED);
        return Set.copyOf(all);
    }

    private static String text(JsonNode doc, String key) throws OidcRefused {
        JsonNode v = doc.get(key);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw OidcRefused.providerSilent("the provider's discovery document has no " + key, null);
        }
        return v.asText();
    }

    private static URI endpoint(JsonNode doc, String key, boolean tls) throws OidcRefused {
        String text = text(doc, key);
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw OidcRefused.providerSilent("the provider's " + key + " is not a URL", e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || !(scheme.equals("https") || (!tls && scheme.equals("http")))) {
            throw OidcRefused.providerSilent("the provider's " + key + " must be an " + (tls ? "https" : "http(s)")
                    + " URL with a host", null);
        }
        return uri;
    }
}
