package org.crs.bar.adapter.jdbc;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.account.LoginThrottle;
import org.crs.bar.account.Secrets;
import org.crs.bar.account.SignIn;
import org.crs.bar.api.json.Sessions;
import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.service.AccountService;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Browser sessions, begun sign-ins and the login throttle's counts in the BAR's database
 * ({@link JdbcBrowserSessions}, {@link JdbcThrottleCounts}, schema/bar V12), on HSQLDB and
 * PostgreSQL: what is stored, when it ends, and that two replicas' writes add up.
 */
class SignInStateStoreTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null, null);
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }

        @Test
        void failuresCountedAtOnceFromManyThreadsAllCount() throws Exception {
            JdbcThrottleCounts counts = new JdbcThrottleCounts(db.dataSource());
            ExecutorService threads = Executors.newFixedThreadPool(8);
            try {
                List<CompletableFuture<Void>> all = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    all.add(CompletableFuture.runAsync(() -> counts.count("address:192.0.2.9", clock.instant(),
                            LoginThrottle.windowStart(clock.instant())), threads));
                }
                CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
            } finally {
                threads.shutdown();
            }

            assertEquals(40, counts.find(Set.of("address:192.0.2.9")).get("address:192.0.2.9").count());
        }
    }

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");

    abstract static class Behaviour {

        Database db;
        final MutableClock clock = new MutableClock(T0);
        Sessions sessions;
        /** The same database seen by a second replica. */
        Sessions otherReplica;

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("bar");
            sessions = new Sessions(new JdbcBrowserSessions(db.dataSource()), clock);
            otherReplica = new Sessions(new JdbcBrowserSessions(db.dataSource()), clock);
        }

        @AfterEach
        void stop() {
            db.close();
        }

        @Test
        void aSessionOpenedByOneReplicaIsFoundByAnotherWithTheSameCsrfToken() {
            Sessions.Opened opened = sessions.open("alice");

            Sessions.Session found = otherReplica.find(opened.cookieValue()).orElseThrow();

            assertEquals("alice", found.account());
            assertEquals(opened.session().csrfToken(), found.csrfToken());
        }

        @Test
        void theStoreKeepsNeitherTheCookieNorTheCsrfToken() throws Exception {
            Sessions.Opened opened = sessions.open("alice");

            List<String> stored = column("SELECT id_hash FROM browser_session");

            assertEquals(List.of(Secrets.sha256(opened.cookieValue())), stored);
            assertFalse(stored.contains(opened.cookieValue()));
            assertNotEquals(stored.get(0), opened.session().csrfToken());
        }

        @Test
        void aSessionUnusedForTheIdleTimeHasEnded() {
            Sessions.Opened opened = sessions.open("alice");
            clock.advance(Sessions.IDLE.plusSeconds(1));

            assertTrue(otherReplica.find(opened.cookieValue()).isEmpty());
        }

        @Test
        void aSessionInUseStaysUntilItsLifetimeIsOver() {
            Sessions.Opened opened = sessions.open("alice");
            for (Duration used = Duration.ZERO; used.compareTo(Sessions.LIFETIME) < 0; used = used.plusHours(1)) {
                assertTrue(sessions.find(opened.cookieValue()).isPresent(), "at " + used);
                clock.advance(Duration.ofHours(1));
            }

            assertTrue(sessions.find(opened.cookieValue()).isEmpty());
        }

        @Test
        void aRequestWritesTheLastUseAtMostOnceAMinute() throws Exception {
            Sessions.Opened opened = sessions.open("alice");
            clock.advance(Duration.ofSeconds(30));
            sessions.find(opened.cookieValue());
            assertEquals(T0, lastUsed());

            clock.advance(Duration.ofSeconds(31));
            sessions.find(opened.cookieValue());

            assertEquals(T0.plusSeconds(61), lastUsed());
        }

        @Test
        void signingOutAtOneReplicaEndsTheSessionAtTheOther() {
            Sessions.Opened opened = sessions.open("alice");

            sessions.close(opened.cookieValue());

            assertTrue(otherReplica.find(opened.cookieValue()).isEmpty());
        }

        @Test
        void closingAnAccountsSessionsEndsOnlyThose() {
            Sessions.Opened alice = sessions.open("alice");
            Sessions.Opened bob = sessions.open("bob");

            otherReplica.closeAll("alice");

            assertTrue(sessions.find(alice.cookieValue()).isEmpty());
            assertTrue(sessions.find(bob.cookieValue()).isPresent());
        }

        @Test
        void theSweepDeletesEndedSessionsAndLapsedSignInsOnly() throws Exception {
            sessions.open("idle");
            sessions.begin(request(), Duration.ofMinutes(10));
            clock.advance(Sessions.IDLE.plusMinutes(1));
            Sessions.Opened live = sessions.open("live");
            String begun = sessions.begin(request(), Duration.ofMinutes(10));

            assertEquals(2, sessions.sweep());

            assertEquals(List.of("live"), column("SELECT account FROM browser_session"));
            assertEquals(1, column("SELECT id_hash FROM oidc_sign_in").size());
            assertTrue(sessions.find(live.cookieValue()).isPresent());
            assertTrue(sessions.take(begun).isPresent());
        }

        @Test
        void aBegunSignInIsTakenOnceWhicheverReplicaAsks() {
            AuthorizationRequest request = request();
            String cookie = sessions.begin(request, Duration.ofMinutes(10));

            AuthorizationRequest taken = otherReplica.take(cookie).orElseThrow();

            assertEquals(request, taken);
            assertTrue(sessions.take(cookie).isEmpty());
        }

        @Test
        void aBegunSignInLapsesAfterItsLifetime() {
            String cookie = sessions.begin(request(), Duration.ofMinutes(10));
            clock.advance(Duration.ofMinutes(10));

            assertTrue(otherReplica.take(cookie).isEmpty());
        }

        @Test
        void failuresAtTwoReplicasAddUpToTheThrottle() throws Exception {
            AccountService one = accounts();
            AccountService two = accounts();
            one.createAccount(ADMINISTRATION, "carol", "user", "", "carol-password");
            for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
                (i % 2 == 0 ? one : two).withPassword("carol", "wrong-" + i, "192.0.2." + i);
            }

            assertInstanceOf(SignIn.Throttled.class, two.withPassword("carol", "carol-password", "192.0.2.99"));
            assertInstanceOf(SignIn.Throttled.class, one.withPassword("carol", "carol-password", "192.0.2.99"));
        }

        @Test
        void manyAccountsGuessedFromOneAddressAreThrottledThereButNotFromAnother() throws Exception {
            AccountService accounts = accounts();
            accounts.createAccount(ADMINISTRATION, "carol", "user", "", "carol-password");
            for (int i = 0; i < LoginThrottle.ADDRESS_FREE_FAILURES; i++) {
                accounts.withPassword("guess-" + i, "wrong", "192.0.2.7");
            }

            assertInstanceOf(SignIn.Throttled.class, accounts.withPassword("carol", "carol-password", "192.0.2.7"));
            assertInstanceOf(SignIn.Known.class, accounts.withPassword("carol", "carol-password", "192.0.2.8"));
        }

        @Test
        void tokensGuessedFromOneAddressPauseTokenSignInsThereButNotFromAnother() throws Exception {
            AccountService accounts = accounts();
            accounts.createAccount(ADMINISTRATION, "carol", "user", "", "carol-password");
            String token = accounts.createToken(ADMINISTRATION, "carol", "script").secret();
            for (int i = 0; i < LoginThrottle.ADDRESS_FREE_FAILURES; i++) {
                accounts.withToken("not-a-token-" + i, "192.0.2.7");
            }

            assertInstanceOf(SignIn.Throttled.class, accounts().withToken(token, "192.0.2.7"));
            assertInstanceOf(SignIn.Known.class, accounts().withToken(token, "192.0.2.8"));
        }

        @Test
        void aCountWhoseWindowHasPassedStartsAgain() throws Exception {
            AccountService accounts = accounts();
            accounts.createAccount(ADMINISTRATION, "carol", "user", "", "carol-password");
            for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES - 1; i++) {
                accounts.withPassword("carol", "wrong", "192.0.2.1");
            }
            clock.advance(LoginThrottle.WINDOW.plusSeconds(1));
            accounts.withPassword("carol", "wrong", "192.0.2.1");

            assertInstanceOf(SignIn.Known.class, accounts.withPassword("carol", "carol-password", "192.0.2.1"));
        }

        @Test
        void theSweepForgetsCountsPastTheWindowOnly() throws Exception {
            AccountService accounts = accounts();
            accounts.withPassword("old", "wrong", "192.0.2.1");
            clock.advance(LoginThrottle.WINDOW.plusSeconds(1));
            accounts.withPassword("new", "wrong", "192.0.2.2");

            assertEquals(2, accounts.sweepThrottle());

            assertEquals(2, column("SELECT key_hash FROM sign_in_failure").size());
        }

        @Test
        void throttleKeysAreStoredHashed() throws Exception {
            accounts().withPassword("a-password-typed-as-a-name", "wrong", "192.0.2.1");

            List<String> stored = column("SELECT key_hash FROM sign_in_failure");

            assertTrue(stored.contains(Secrets.sha256(LoginThrottle.accountKey("a-password-typed-as-a-name"))), stored.toString());
            assertTrue(stored.stream().noneMatch(k -> k.contains("a-password")));
        }

        AccountService accounts() {
            return new AccountService(new JdbcAccountStore(db.dataSource()), new JdbcThrottleCounts(db.dataSource()), clock);
        }

        AuthorizationRequest request() {
            return new AuthorizationRequest(URI.create("https://idp.example/authorize?state=s"), Secrets.random(24),
                    Secrets.random(24), Secrets.random(32), "/#/reservations", clock.instant());
        }

        Instant lastUsed() throws Exception {
            try (Connection c = db.dataSource().getConnection();
                 PreparedStatement ps = c.prepareStatement("SELECT last_used_at FROM browser_session");
                 ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return org.crs.service.db.Jdbc.instant(rs, 1);
            }
        }

        List<String> column(String sql) throws Exception {
            List<String> out = new ArrayList<>();
            try (Connection c = db.dataSource().getConnection();
                 PreparedStatement ps = c.prepareStatement(sql);
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1).strip());
                }
            }
            return out;
        }
    }
}
