package org.crs.bar.service;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.crs.bar.account.Account;
import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.bar.adapter.oidc.OidcClient;
import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.oidc.OidcIdentity;
import org.crs.bar.oidc.OidcRefused;
import org.crs.bar.oidc.OidcSettings;
import org.crs.bar.oidc.TestIdentityProvider;
import org.crs.bar.oidc.TestIdentityProvider.Person;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Signing in through the site's OpenID provider to this BAR's accounts: a real provider
 * (mock-oauth2-server) and the BAR's account store in an HSQLDB database.
 */
class OidcSignInTest {

    static final URI CALLBACK = URI.create("http://127.0.0.1:8080/api/oidc/callback");

    TestIdentityProvider idp;
    Database db;
    JdbcAccountStore store;
    AccountService accounts;
    OidcSettings settings;

    @BeforeEach
    void start() throws Exception {
        idp = TestIdentityProvider.start(Person.carol());
        db = Database.open("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcAccountStore(db.dataSource());
        accounts = new AccountService(store, new JdbcThrottleCounts(db.dataSource()), Clock.systemUTC());
        accounts.createGroup(ADMINISTRATION, "astro", "astronomers", true);
        accounts.createGroup(ADMINISTRATION, "physics", "", false);
        settings = idp.settings(CALLBACK);
    }

    @AfterEach
    void stop() {
        db.close();
        idp.close();
    }

    OidcSignIn signIn(OidcSettings s) {
        return new OidcSignIn(new OidcClient(s, Clock.systemUTC()), accounts, store, s);
    }

    /** Begin, the browser at the provider, the callback: the account signed in. */
    Account throughTheProvider(OidcSignIn signIn, String returnTo) throws Exception {
        AuthorizationRequest pending = signIn.begin(returnTo);
        URI callback = idp.signIn(pending.redirect());
        return signIn.finish(pending, TestIdentityProvider.parameter(callback, "code"),
                TestIdentityProvider.parameter(callback, "state"));
    }

    static List<String> groups(Account a) {
        return a.groups().stream().map(Caller.Membership::group).toList();
    }

    @Test
    void aFirstSignInMakesAUserAccountWithTheEmailAndTheGroupsThatExistHere() throws Exception {
        Account carol = throughTheProvider(signIn(settings), "/");

        assertEquals("carol", carol.name());
        assertEquals(Role.USER, carol.role());
        assertEquals("carol@site-b.example.org", carol.email());
        assertEquals(List.of("astro"), groups(carol), "site-b is no group of this BAR, and none is made");
        assertTrue(store.findGroup("site-b").isEmpty());
        assertEquals(Optional.empty(), store.passwordHash("carol"), "no password: she signs in through the provider");
        assertEquals(new Caller.Account("carol", Role.USER, List.of(new Caller.Membership("astro", true))), carol.caller());
    }

    @Test
    void anExistingAccountKeepsItsRoleAndJoinsTheNamedGroupsItLacks() throws Exception {
        accounts.createAccount(ADMINISTRATION, "carol", "operator", "carol@ops.example.org", "carol-local-pass");
        accounts.addMember(ADMINISTRATION, "physics", "carol");

        Account carol = throughTheProvider(signIn(settings), "/");

        assertEquals(Role.OPERATOR, carol.role());
        assertEquals("carol@ops.example.org", carol.email(), "the account's own address stays");
        assertEquals(List.of("physics", "astro"), groups(carol), "a group the provider does not name stays");
    }

    @Test
    void aSecondSignInChangesNothing() throws Exception {
        OidcSignIn signIn = signIn(settings);
        Account first = throughTheProvider(signIn, "/");

        Account second = throughTheProvider(signIn, "/");

        assertEquals(first, second);
    }

    @Test
    void aBlockedAccountIsRefused() throws Exception {
        accounts.createAccount(ADMINISTRATION, "carol", "user", "", null);
        accounts.setBlocked("carol", true, "left the project");

        OidcRefused refused = assertThrows(OidcRefused.class, () -> throughTheProvider(signIn(settings), "/"));

        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
        assertEquals("the account carol is blocked", refused.reason());
    }

    @Test
    void whenAccountsAreNotMadeAtSignInAPersonWithoutOneIsRefused() throws Exception {
        OidcSignIn signIn = signIn(settings.withNewAccounts(false, Role.USER));

        OidcRefused refused = assertThrows(OidcRefused.class, () -> throughTheProvider(signIn, "/"));

        assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
        assertTrue(store.find("carol").isEmpty());
    }

    @Test
    void newAccountsTakeTheConfiguredRole() throws Exception {
        Account carol = throughTheProvider(signIn(settings.withNewAccounts(true, Role.OPERATOR)), "/");

        assertEquals(Role.OPERATOR, carol.role());
    }

    @Test
    void otherClaimsCanNameTheAccountAndTheGroupAsAString() throws Exception {
        // The account named by "sub", the group by "preferred_username": a single string.
        OidcSignIn signIn = signIn(settings.withClaims("sub", "preferred_username"));
        idp.nextSignIn(new Person("dora", "physics", "", List.of("astro")));

        Account dora = throughTheProvider(signIn, "/");

        assertEquals("dora", dora.name());
        assertEquals(List.of("physics"), groups(dora));
    }

    @Test
    void theAccountClaimIsTakenInLowerCase() throws Exception {
        accounts.createAccount(ADMINISTRATION, "dora", "user", "", null);

        Account dora = signIn(settings).accountOf(new OidcIdentity("Dora", List.of(), Optional.empty(), "s-dora"));

        assertEquals("dora", dora.name());
    }

    @Test
    void aNameThatIsNoAccountNameIsRefused() {
        for (String name : List.of("Dora Smith", "dora@example.org", "1dora", "")) {
            OidcRefused refused = assertThrows(OidcRefused.class, () -> signIn(settings)
                    .accountOf(new OidcIdentity(name, List.of(), Optional.empty(), "s")), name);
            assertEquals(RefusalCode.NOT_SIGNED_IN, refused.code());
        }
        assertEquals(List.of(), store.list());
    }

    @Test
    void groupPathsAsKeycloakWritesThemNameTheGroups() throws Exception {
        Account dora = signIn(settings).accountOf(new OidcIdentity("dora", List.of("/physics", "/astro", "astro"),
                Optional.empty(), "s-dora"));

        assertEquals(List.of("physics", "astro"), groups(dora), "in the claim's order, each once");
    }

    @Test
    void anAddressThatIsNoAddressIsLeftOut() throws Exception {
        Account dora = signIn(settings).accountOf(new OidcIdentity("dora", List.of(), Optional.of("not an address"), "s"));

        assertEquals("", dora.email());
    }

    @Test
    void aReturnPathOffThisBarIsRefusedAndNoneMeansTheStart() throws Exception {
        OidcSignIn signIn = signIn(settings);

        OidcRefused refused = assertThrows(OidcRefused.class, () -> signIn.begin("https://evil.example/"));

        assertEquals(RefusalCode.BAD_FIELD, refused.code());
        assertEquals("/", signIn.begin(null).returnTo());
        assertEquals("Sign in with the test provider", signIn.label());
    }
}
