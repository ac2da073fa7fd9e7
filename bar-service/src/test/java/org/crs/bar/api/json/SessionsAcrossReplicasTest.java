package org.crs.bar.api.json;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.account.LoginThrottle;
import org.crs.bar.oidc.TestIdentityProvider;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.bar.testing.ScriptedController;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of one BAR (two BarServers on one PostgreSQL database, as behind a load balancer
 * without sticky sessions): a browser's session, its CSRF token, its sign-out, a sign-in at the
 * identity provider and the login throttle's counts are the same at either.
 */
class SessionsAcrossReplicasTest {

    static TestIdentityProvider idp;
    static BarServer one;
    static BarServer two;
    static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeAll
    static void start() throws Exception {
        idp = TestIdentityProvider.start(TestIdentityProvider.Person.carol());
        String database = EmbeddedPostgres.shared().createDatabase();
        int portOne = freePort();
        int portTwo = freePort();
        // The balancer's address is the provider's callback; here it is replica two's, so a sign-in
        // begun at one always comes back at two.
        URI callback = URI.create("http://127.0.0.1:" + portTwo + "/api/oidc/callback");
        // Two names: one JVM refuses two Quartz schedulers of one name; what is shared here is the
        // database, which is all the sessions and the throttle use.
        one = replica("bar-replica-one", database, portOne, callback);
        two = replica("bar-replica-two", database, portTwo, callback);
        one.accounts().createGroup(ADMINISTRATION, "astro", "astronomy", true);
        one.accounts().createAccount(ADMINISTRATION, "alice", "user", "", "alice-password");
        one.accounts().createAccount(ADMINISTRATION, "bob", "user", "", "bob-password");
        one.accounts().createAccount(ADMINISTRATION, "dave", "user", "", "dave-password");
        one.accounts().createAccount(ADMINISTRATION, "oscar", "operator", "", "oscar-password");
    }

    static BarServer replica(String name, String database, int port, URI callback) throws Exception {
        return BarServer.start(new ServerConfig(name, database, EmbeddedPostgres.USER, "", "127.0.0.1", port, true),
                new Site("site-a", new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a")),
                        new ScriptedController("nsap", List.of("site-a", "site-b")), Map.of()),
                BarSettings.defaults(), Clock.systemUTC(),
                BarServer.Options.defaults(name).withOidc(Optional.of(idp.settings(callback))));
    }

    static int freePort() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {one, two, idp}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException("closing " + c, e);
                }
            }
        }
    }

    /** The same browser (its cookie and CSRF token) talking to replica {@code to}. */
    static ApiClient sameBrowserAt(BarServer to, ApiClient browser) {
        return browser.at(to.apiUrl());
    }

    @Test
    void aSessionOpenedAtOneReplicaIsSignedInAtTheOther() throws Exception {
        ApiClient atOne = ApiClient.browser(one.apiUrl());
        String csrf = atOne.signIn("alice", "alice-password").json().get("csrfToken").asText();

        ApiClient.Reply me = sameBrowserAt(two, atOne).get("/session");

        assertEquals(200, me.status(), me.body());
        assertEquals("alice", me.json().get("account").asText());
        assertEquals(csrf, me.json().get("csrfToken").asText());
    }

    @Test
    void aChangeAtTheOtherReplicaIsTakenWithTheSessionsCsrfTokenAndRefusedWithout() throws Exception {
        ApiClient atOne = ApiClient.browser(one.apiUrl());
        atOne.signIn("alice", "alice-password");
        ApiClient atTwo = sameBrowserAt(two, atOne);

        ApiClient.Reply without = atTwo.postWithoutCsrf("/me/calendar-feed", "{}");
        ApiClient.Reply with = atTwo.post("/me/calendar-feed", "{}");

        assertEquals(403, without.status(), without.body());
        assertEquals("CSRF_TOKEN_MISSING", without.errorCode());
        assertEquals(201, with.status(), with.body());
    }

    @Test
    void signingOutAtOneReplicaEndsTheSessionAtBoth() throws Exception {
        ApiClient atOne = ApiClient.browser(one.apiUrl());
        atOne.signIn("alice", "alice-password");
        ApiClient atTwo = sameBrowserAt(two, atOne);
        assertEquals(200, atTwo.get("/session").status());

        assertEquals(204, atTwo.delete("/session").status());

        assertEquals(204, atOne.get("/session").status());
        assertEquals(204, atTwo.get("/session").status());
    }

    @Test
    void blockingAnAccountAtOneReplicaEndsItsSessionAtTheOther() throws Exception {
        ApiClient dave = ApiClient.browser(two.apiUrl());
        dave.signIn("dave", "dave-password");
        ApiClient oscar = ApiClient.browser(one.apiUrl());
        oscar.signIn("oscar", "oscar-password");

        ApiClient.Reply blocked = oscar.post("/operator/accounts/dave/block", "{\"reason\":\"left the project\"}");

        assertEquals(200, blocked.status(), blocked.body());
        assertEquals(204, dave.get("/session").status());
    }

    @Test
    void aSignInBegunAtOneReplicaIsFinishedAtTheOther() throws Exception {
        HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(one.apiUrl()
                + "/oidc/login?returnTo=/%23/reservations")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(302, login.statusCode(), login.body());
        URI back = idp.signIn(URI.create(login.headers().firstValue("Location").orElseThrow()));
        assertEquals(two.apiUrl().getPort(), back.getPort());

        HttpResponse<String> callback = HTTP.send(HttpRequest.newBuilder(back).header("Cookie",
                OidcSignInOverJsonTest.cookie(login, OidcRoutes.PENDING_COOKIE)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, callback.statusCode(), callback.body());
        HttpResponse<String> me = HTTP.send(HttpRequest.newBuilder(URI.create(one.apiUrl() + "/session"))
                .header("Cookie", OidcSignInOverJsonTest.cookie(callback, Sessions.COOKIE)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, me.statusCode(), me.body());
        assertEquals("carol", ApiClient.JSON.readTree(me.body()).get("account").asText());
    }

    @Test
    void failedSignInsAtBothReplicasAddUpAndThrottleTheAccountAtEither() throws Exception {
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
            ApiClient.Reply failed = ApiClient.browser((i % 2 == 0 ? one : two).apiUrl()).signIn("bob", "wrong");
            assertEquals(401, failed.status(), failed.body());
        }

        ApiClient.Reply atOne = ApiClient.browser(one.apiUrl()).signIn("bob", "bob-password");
        ApiClient.Reply atTwo = ApiClient.browser(two.apiUrl()).signIn("bob", "bob-password");

        assertEquals(429, atOne.status(), atOne.body());
        assertEquals("THROTTLED", atOne.errorCode());
        assertEquals(429, atTwo.status(), atTwo.body());
        assertEquals("THROTTLED", atTwo.errorCode());
    }
}
