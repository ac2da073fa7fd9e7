package org.crs.bar.oidc;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

import org.crs.domain.access.Role;

/**
 * How a BAR signs people in through its site's OpenID provider (the {@code oidc} section of the
 * BAR's configuration file, docs/configuration.md).
 *
 * @param issuer the provider's issuer identifier; its discovery document is at
 *     {@code <issuer>/.well-known/openid-configuration} and must name the same issuer. {@code https},
 *     or {@code http} to a loopback address (tests, the demo)
 * @param clientId this BAR's client id at the provider
 * @param clientSecret this BAR's client secret, sent to the token endpoint with HTTP Basic
 *     ({@code client_secret_basic}); never logged, and {@link #toString()} leaves it out
 * @param redirectUri the BAR's callback URL, as registered at the provider
 *     ({@code https://crs.example.org/api/oidc/callback})
 * @param scopes the scopes asked for, {@code openid} first (added when missing)
 * @param accountClaim the ID token claim that names the account ({@code preferred_username})
 * @param groupsClaim the ID token claim that names the groups, a string or an array of strings ({@code groups})
 * @param newAccountRole the role of an account made at its first sign-in ({@link Role#USER})
 * @param createAccounts whether a person with no account here gets one at the first sign-in
 * @param label what the sign-in button says
 * @param timeout the longest one call to the provider may take
 * @param pendingLifetime how long after {@code begin} a callback is still taken
 */
public record OidcSettings(URI issuer, String clientId, String clientSecret, URI redirectUri, List<String> scopes,
                           String accountClaim, String groupsClaim, Role newAccountRole, boolean createAccounts,
                           String label, Duration timeout, Duration pendingLifetime) {

    /** Default {@code scopes}. */
    public static final List<String> DEFAULT_SCOPES = List.of("openid", "profile", "email");
    /** Default {@code accountClaim}. */
    public static final String DEFAULT_ACCOUNT_CLAIM = "preferred_username";
    /** Default {@code groupsClaim}. */
    public static final String DEFAULT_GROUPS_CLAIM = "groups";
    /** Default {@code label}. */
    public static final String DEFAULT_LABEL = "Sign in with your organisation";
    /** Default {@code timeout}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** Default {@code pendingLifetime}. */
    public static final Duration DEFAULT_PENDING_LIFETIME = Duration.ofMinutes(10);
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]", "::1");

    public OidcSettings {
        Objects.requireNonNull(issuer, "issuer");
        if (!issuer.isAbsolute() || issuer.getHost() == null || issuer.getQuery() != null || issuer.getFragment() != null
                || issuer.getUserInfo() != null) {
            throw new IllegalArgumentException("issuer: must be an https:// URL with a host and no query, fragment or user");
        }
        String scheme = issuer.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(scheme.equals("http") && LOOPBACK.contains(issuer.getHost().toLowerCase(Locale.ROOT)))) {
            throw new IllegalArgumentException("issuer: must be https:// (http:// only to a loopback address)");
        }
        clientId = nonBlank(clientId, "clientId");
        clientSecret = nonBlank(clientSecret, "clientSecret");
        Objects.requireNonNull(redirectUri, "redirectUri");
        if (!redirectUri.isAbsolute() || redirectUri.getHost() == null || redirectUri.getFragment() != null
                || !List.of("http", "https").contains(redirectUri.getScheme().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("redirectUri: must be an http:// or https:// URL with a host and no fragment");
        }
        List<String> s = new ArrayList<>();
        s.add("openid");
        for (String scope : scopes) {
            String t = nonBlank(scope, "scopes").strip();
            if (t.chars().anyMatch(c -> c <= 0x20 || c == '"' || c == '\\' || c == 0x7f)) {
                throw new IllegalArgumentException("scopes: '" + t + "' is not a scope token");
            }
            if (!s.contains(t)) {
                s.add(t);
            }
        }
        scopes = List.copyOf(s);
        accountClaim = nonBlank(accountClaim, "accountClaim").strip();
        groupsClaim = nonBlank(groupsClaim, "groupsClaim").strip();
        Objects.requireNonNull(newAccountRole, "newAccountRole");
        label = nonBlank(label, "label").strip();
        positive(timeout, "timeout");
        positive(pendingLifetime, "pendingLifetime");
    }

    /** With the defaults for everything but what a provider must be told. */
    public static OidcSettings of(URI issuer, String clientId, String clientSecret, URI redirectUri) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, DEFAULT_SCOPES, DEFAULT_ACCOUNT_CLAIM,
                DEFAULT_GROUPS_CLAIM, Role.USER, true, DEFAULT_LABEL, DEFAULT_TIMEOUT, DEFAULT_PENDING_LIFETIME);
    }

    /** The same with these claims naming the account and its groups. */
    public OidcSettings withClaims(String account, String groups) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, scopes, account, groups, newAccountRole,
                createAccounts, label, timeout, pendingLifetime);
    }

    /** The same, making (or not) accounts at their first sign-in, with {@code role}. */
    public OidcSettings withNewAccounts(boolean create, Role role) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, scopes, accountClaim, groupsClaim, role,
                create, label, timeout, pendingLifetime);
    }

    /** The same with another button label. */
    public OidcSettings withLabel(String text) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, scopes, accountClaim, groupsClaim,
                newAccountRole, createAccounts, text, timeout, pendingLifetime);
    }

    /** The same with other scopes. */
    public OidcSettings withScopes(List<String> list) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, list, accountClaim, groupsClaim,
                newAccountRole, createAccounts, label, timeout, pendingLifetime);
    }

    /** The same with other times. */
    public OidcSettings withTimes(Duration callTimeout, Duration pending) {
        return new OidcSettings(issuer, clientId, clientSecret, redirectUri, scopes, accountClaim, groupsClaim,
                newAccountRole, createAccounts, label, callTimeout, pending);
    }

    /** Without the client secret. */
    @Override
    public String toString() {
        return "OidcSettings[issuer=" + issuer + ", clientId=" + clientId + ", clientSecret=<secret>, redirectUri="
                + redirectUri + ", scopes=" + scopes + ", accountClaim=" + accountClaim + ", groupsClaim=" + groupsClaim
                + ", newAccountRole=" + newAccountRole + ", createAccounts=" + createAccounts + ", label=" + label
                + ", timeout=" + timeout + ", pendingLifetime=" + pendingLifetime + "]";
    }

    private static String nonBlank(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + ": must not be empty");
        }
        return value;
    }

    private static void positive(Duration d, String key) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(key + ": must be positive");
        }
    }
}
