package org.crs.bar.api.json;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.oidc.TestIdentityProvider;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.bar.testing.ScriptedController;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Signing in to the reservation browser through a real OpenID Connect provider (started by the
 * test): the BAR's login sends the browser there, the provider sends it back with a code, and the
 * callback opens a session for the account the provider's identity maps to.
 */
class OidcSignInOverJsonTest {

    static TestIdentityProvider idp;
    static BarServer server;
    static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeAll
    static void start() throws Exception {
        idp = TestIdentityProvider.start(TestIdentityProvider.Person.carol());
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        URI callback = URI.create("http://127.0.0.1:" + port + "/api/oidc/callback");
        server = BarServer.start(new ServerConfig("bar-oidc", "jdbc:hsqldb:mem:bar-oidc-" + System.nanoTime(), "SA", "",
                        "127.0.0.1", port, false),
                new Site("site-b", new ScriptedController("lnsap-site-b", List.of("host-b1", "site-b")),
                        new ScriptedController("nsap", List.of("site-a", "site-b")), Map.of()),
                BarSettings.defaults(), Clock.systemUTC(),
                BarServer.Options.defaults("bar-oidc").withOidc(Optional.of(idp.settings(callback))));
        server.accounts().createGroup(ADMINISTRATION, "astro", "astronomy", true);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (idp != null) {
            idp.close();
        }
    }

    static String cookie(HttpResponse<?> response, String name) {
        return response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(name + "="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow(() -> new AssertionError(
                        "no " + name + " cookie in " + response.headers().allValues("Set-Cookie")));
    }

    @Test
    void theConfigOffersTheProvidersButton() throws Exception {
        var config = ApiClient.browser(server.apiUrl()).get("/config").json();

        assertTrue(config.get("oidc").get("enabled").asBoolean(), config.toString());
    }

    @Test
    void aPersonTheProviderNamesIsSignedInAsItsAccountAndGroup() throws Exception {
        HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(server.apiUrl()
                + "/oidc/login?returnTo=/%23/reservations")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(302, login.statusCode(), login.body());
        URI atProvider = URI.create(login.headers().firstValue("Location").orElseThrow());
        assertEquals("S256", TestIdentityProvider.parameter(atProvider, "code_challenge_method"));

        URI back = idp.signIn(atProvider);
        HttpResponse<String> callback = HTTP.send(HttpRequest.newBuilder(back)
                .header("Cookie", cookie(login, OidcRoutes.PENDING_COOKIE)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, callback.statusCode(), callback.body());
        assertTrue(callback.body().contains("url=/#/reservations"), callback.body());
        HttpResponse<String> me = HTTP.send(HttpRequest.newBuilder(URI.create(server.apiUrl() + "/session"))
                .header("Cookie", cookie(callback, Sessions.COOKIE)).build(), HttpResponse.BodyHandlers.ofString());

        var who = ApiClient.JSON.readTree(me.body());
        assertEquals(200, me.statusCode(), me.body());
        assertEquals("carol", who.get("account").asText());
        assertEquals("USER", who.get("role").asText());
        assertEquals("astro", who.get("groups").get(0).asText());
    }

    @Test
    void aCallbackWithoutTheBrowsersBegunSignInOpensNoSession() throws Exception {
        HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(server.apiUrl() + "/oidc/login")).build(),
                HttpResponse.BodyHandlers.ofString());
        URI back = idp.signIn(URI.create(login.headers().firstValue("Location").orElseThrow()));

        HttpResponse<String> callback = HTTP.send(HttpRequest.newBuilder(back).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(401, callback.statusCode(), callback.body());
        assertTrue(callback.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.startsWith(Sessions.COOKIE + "=")));
    }

    @Test
    void aReturnAddressOffThisBarIsRefusedNamingIt() throws Exception {
        var r = ApiClient.browser(server.apiUrl()).get("/oidc/login?returnTo=https://evil.example/");

        assertEquals(400, r.status(), r.body());
        assertEquals("returnTo", r.errorField());
    }
}
