package org.crs.bar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.oidc.OidcSettings;
import org.crs.domain.access.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code oidc} section of the BAR's configuration file. */
class OidcConfigTest {

    static final String BAR = """
            name: bar-site-a
            site: site-a
            listen: {port: 0}
            database: {jdbcUrl: "jdbc:hsqldb:mem:x"}
            campus: {url: http://127.0.0.1:8081/services/NsapService}
            wan: {url: http://127.0.0.1:8090/services/NsapService}
            """;

    static final String SECRET = "oidc-client-secret-0815";

    @TempDir
    Path dir;

    BarServerConfig parse(String oidc) {
        return BarServerConfig.FILE.parse(BAR + oidc, dir, Map.of("CRS_OIDC_CLIENT_SECRET", SECRET)::get);
    }

    String refusal(String oidc) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(oidc));
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        return e.getMessage();
    }

    @Test
    void everyKeyIsRead() {
        OidcSettings s = parse("""
                oidc:
                  issuer: https://idp.site-a.example.org/realms/crs
                  clientId: crs-bar-site-a
                  clientSecret: ${CRS_OIDC_CLIENT_SECRET}
                  redirectUri: https://crs.site-a.example.org/api/oidc/callback
                  scopes: [profile, email, groups]
                  accountClaim: uid
                  groupsClaim: memberOf
                  newAccountRole: operator
                  createAccounts: false
                  label: Sign in with Site A
                  timeout: 3s
                  pendingLifetime: 5m
                """).oidc().orElseThrow();

        assertEquals(new OidcSettings(URI.create("https://idp.site-a.example.org/realms/crs"), "crs-bar-site-a", SECRET,
                URI.create("https://crs.site-a.example.org/api/oidc/callback"), List.of("openid", "profile", "email", "groups"),
                "uid", "memberOf", Role.OPERATOR, false, "Sign in with Site A", Duration.ofSeconds(3), Duration.ofMinutes(5)), s);
    }

    @Test
    void withOnlyWhatTheProviderMustBeToldTheRestIsDefault() {
        OidcSettings s = parse("""
                oidc:
                  issuer: https://idp.example.org
                  clientId: crs
                  clientSecret: ${CRS_OIDC_CLIENT_SECRET}
                  redirectUri: https://crs.example.org/api/oidc/callback
                """).oidc().orElseThrow();

        assertEquals(OidcSettings.of(URI.create("https://idp.example.org"), "crs", SECRET,
                URI.create("https://crs.example.org/api/oidc/callback")), s);
        assertEquals(List.of("openid", "profile", "email"), s.scopes());
        assertEquals("preferred_username", s.accountClaim());
        assertEquals("groups", s.groupsClaim());
        assertEquals(Role.USER, s.newAccountRole());
        assertTrue(s.createAccounts());
    }

    @Test
    void withoutTheSectionNoOneSignsInThroughAProvider() {
        assertEquals(Optional.empty(), parse("").oidc());
    }

    @Test
    void theClientSecretIsNeverShown() {
        BarServerConfig c = parse("""
                oidc:
                  issuer: https://idp.example.org
                  clientId: crs
                  clientSecret: ${CRS_OIDC_CLIENT_SECRET}
                  redirectUri: https://crs.example.org/api/oidc/callback
                """);

        assertEquals(SECRET, c.oidc().orElseThrow().clientSecret());
        assertFalse(c.toString().contains(SECRET), c.toString());
        assertTrue(c.toString().contains("clientSecret=<secret>"), c.toString());
    }

    @Test
    void mistakesNameTheKeyAndItsLine() {
        String head = """
                oidc:
                  issuer: http://idp.example.org
                  clientId: crs
                  clientSecret: ${CRS_OIDC_CLIENT_SECRET}
                  redirectUri: https://crs.example.org/api/oidc/callback
                """;
        assertEquals("oidc.issuer: must be https:// (http:// only to a loopback address) (line 8)", refusal(head));
        String good = head.replace("http://idp", "https://idp");
        assertEquals("oidc.clientSecret is missing", refusal(good.replace("${CRS_OIDC_CLIENT_SECRET}", "\"\"")));
        assertEquals("oidc.newAccountRole: must be user, operator or admin, was 'root' (line 12)",
                refusal(good + "  newAccountRole: root\n"));
        assertTrue(refusal(good + "  clientSecrets: x\n").contains("clientSecrets"));
        assertTrue(refusal(good.replace("https://crs.example.org", "crs.example.org")).startsWith("oidc.redirectUri"));
    }
}
