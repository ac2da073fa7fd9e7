package org.crs.bar.server;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.bar.oidc.OidcSettings;
import org.crs.domain.access.Role;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.ConfigYaml;
import org.crs.service.config.EnvReferences;

/**
 * Reads the optional {@code oidc} section of the BAR's configuration file into
 * {@link OidcSettings} (docs/configuration.md, "Sign-in through the site's OpenID provider"):
 *
 * <pre>{@code
 * oidc:
 *   issuer: https://idp.site-a.example.org/realms/crs    # required in oidc
 *   clientId: crs-bar-site-a                            # required in oidc
 *   clientSecret: ${CRS_OIDC_CLIENT_SECRET}             # required in oidc; never logged
 *   redirectUri: https://crs.site-a.example.org/api/oidc/callback   # required in oidc
 *   scopes: [openid, profile, email]                    # default openid profile email
 *   accountClaim: preferred_username                    # default preferred_username
 *   groupsClaim: groups                                 # default groups
 *   newAccountRole: user                                # default user
 *   createAccounts: true                                # default true
 *   label: Sign in with Site A                          # default "Sign in with your organisation"
 *   timeout: 10s                                        # default 10s
 *   pendingLifetime: 10m                                # default 10m
 * }</pre>
 *
 * <p>Messages name the key and its line, never the client secret.
 */
final class OidcConfig {

    private OidcConfig() {
    }

    /** The section as the file spells it: raw text until resolved; never reaches a log. */
    record OidcYaml(String issuer, String clientId, String clientSecret, String redirectUri, List<String> scopes,
                    String accountClaim, String groupsClaim, String newAccountRole, Boolean createAccounts, String label,
                    String timeout, String pendingLifetime) {
        @Override
        public String toString() {
            return "oidc " + issuer;
        }
    }

    /** The settings; empty when the file has no {@code oidc} section. */
    static Optional<OidcSettings> read(OidcYaml oidc, EnvReferences env, String yaml) {
        if (oidc == null) {
            return Optional.empty();
        }
        URI issuer = ConfigValues.httpUrl(env.resolve(oidc.issuer(), "oidc.issuer"), "oidc.issuer",
                ConfigYaml.at(yaml, "oidc", "issuer"));
        String clientId = ConfigValues.required(env.resolve(oidc.clientId(), "oidc.clientId"), "oidc.clientId").trim();
        String secret = ConfigValues.required(env.resolve(oidc.clientSecret(), "oidc.clientSecret"), "oidc.clientSecret");
        URI redirect = ConfigValues.httpUrl(env.resolve(oidc.redirectUri(), "oidc.redirectUri"), "oidc.redirectUri",
                ConfigYaml.at(yaml, "oidc", "redirectUri"));
        List<String> scopes = new ArrayList<>();
        List<String> listed = oidc.scopes() == null ? OidcSettings.DEFAULT_SCOPES : oidc.scopes();
        for (int i = 0; i < listed.size(); i++) {
            scopes.add(env.resolve(listed.get(i), "oidc.scopes[" + i + "]"));
        }
        String roleText = env.resolve(oidc.newAccountRole(), "oidc.newAccountRole");
        Role role = roleText == null ? Role.USER : Role.named(roleText).orElseThrow(() -> new IllegalArgumentException(
                "oidc.newAccountRole: must be user, operator or admin, was '" + roleText + "'"
                        + ConfigYaml.at(yaml, "oidc", "newAccountRole")));
        Duration timeout = ConfigValues.duration(env.resolve(oidc.timeout(), "oidc.timeout"), OidcSettings.DEFAULT_TIMEOUT,
                "oidc.timeout", ConfigYaml.at(yaml, "oidc", "timeout"));
        Duration pending = ConfigValues.duration(env.resolve(oidc.pendingLifetime(), "oidc.pendingLifetime"),
                OidcSettings.DEFAULT_PENDING_LIFETIME, "oidc.pendingLifetime", ConfigYaml.at(yaml, "oidc", "pendingLifetime"));
        try {
            return Optional.of(new OidcSettings(issuer, clientId, secret, redirect, scopes,
                    orElse(env.resolve(oidc.accountClaim(), "oidc.accountClaim"), OidcSettings.DEFAULT_ACCOUNT_CLAIM),
                    orElse(env.resolve(oidc.groupsClaim(), "oidc.groupsClaim"), OidcSettings.DEFAULT_GROUPS_CLAIM),
                    role, oidc.createAccounts() == null || oidc.createAccounts(),
                    orElse(env.resolve(oidc.label(), "oidc.label"), OidcSettings.DEFAULT_LABEL), timeout, pending));
        } catch (IllegalArgumentException e) {
            // OidcSettings names the key first ("issuer: must be https://..."); its messages quote no value.
            String key = e.getMessage().contains(":") ? e.getMessage().substring(0, e.getMessage().indexOf(':')) : "";
            throw new IllegalArgumentException("oidc." + e.getMessage() + ConfigYaml.at(yaml, "oidc", key), e);
        }
    }

    private static String orElse(String value, String otherwise) {
        return value == null ? otherwise : value;
    }
}
