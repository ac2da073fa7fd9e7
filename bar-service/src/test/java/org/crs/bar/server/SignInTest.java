package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Signing in to a BAR and what an account then sees: over real SOAP on a real BAR whose
 * controllers do not answer (every booking ends REJECTED, which is still a reservation its owner
 * may read and others may not).
 */
class SignInTest {

    static BarServer server;
    static RawSoap anonymous;
    static RawSoap accounts;

    @BeforeAll
    static void start() throws Exception {
        Duration timeout = Duration.ofSeconds(1);
        Site site = new Site("site-a",
                new SoapSegmentController("lnsap-site-a", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                new SoapSegmentController("nsap", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                Map.of("site-b", new SoapSegmentController("bar-site-b", BarServerTest.nowhere(BarServer.PEER_SERVICE_NAME),
                        BarServer.PEER_NAMESPACE, timeout)));
        server = BarServer.start(new ServerConfig("bar-sign-in", "jdbc:hsqldb:mem:bar-sign-in-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), site, BarSettings.defaults(), Clock.systemUTC());
        var a = server.accounts();
        a.createGroup(ADMINISTRATION, "astro", "astronomy", true);
        a.createGroup(ADMINISTRATION, "bio", "biology", false);
        for (String[] acc : new String[][] {{"alice", "user", "astro"}, {"bob", "user", "bio"}, {"carol", "user", "astro"},
                {"dave", "user", "bio"}, {"oscar", "operator", null}, {"ada", "admin", null}, {"mallory", "user", null},
                {"eve", "user", null}}) {
            a.createAccount(ADMINISTRATION, acc[0], acc[1], acc[0] + "@example.org", acc[0] + "-password");
            if (acc[2] != null) {
                a.addMember(ADMINISTRATION, acc[2], acc[0]);
            }
        }
        anonymous = new RawSoap(server.serviceUrl(), BarServer.NAMESPACE);
        accounts = new RawSoap(server.accountUrl(), BarServer.ACCOUNT_NAMESPACE);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static RawSoap as(String account) {
        return anonymous.as(account, account + "-password");
    }

    static String book(RawSoap client, String id) throws Exception {
        Instant start = Instant.now().plus(Duration.ofHours(2));
        return client.call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:h1</n:source><n:destination>site-b:h1</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                + start.plus(Duration.ofHours(1)) + "</n:end></n:createReservation>");
    }

    static String get(RawSoap client, String id) throws Exception {
        return client.call("getReservation", "<n:getReservation><n:requestId>" + id + "</n:requestId></n:getReservation>");
    }

    static String list(RawSoap client) throws Exception {
        return client.call("listReservations", "<n:listReservations/>");
    }

    @Test
    void aCallWithoutCredentialsIsAnswered401NotSignedIn() throws Exception {
        HttpResponse<String> answer = anonymous.post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + BarServer.NAMESPACE
                + "\"/>"), "listEndpoints");
        assertEquals(401, answer.statusCode());
        assertEquals("NOT_SIGNED_IN", MalformedRequests.text(answer.body(), "code"));
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer.body()));
        assertTrue(answer.headers().firstValue("WWW-Authenticate").orElse("").contains("Basic"));
    }

    @Test
    void aWrongPasswordIsAnswered401() throws Exception {
        HttpResponse<String> answer = anonymous.as("alice", "not-her-password").post(RawSoap.envelope(
                "<n:listEndpoints xmlns:n=\"" + BarServer.NAMESPACE + "\"/>"), "listEndpoints");
        assertEquals(401, answer.statusCode());
        assertEquals("NOT_SIGNED_IN", MalformedRequests.text(answer.body(), "code"));
    }

    @Test
    void theWsdlNeedsNoCredentials() throws Exception {
        assertTrue(BadRequestsTest.get(server.wsdlUrl()).contains("createReservation"));
    }

    @Test
    void repeatedFailedSignInsAreThrottledEvenWithTheRightPassword() throws Exception {
        RawSoap wrong = anonymous.as("mallory", "guess");
        for (int i = 0; i < 5; i++) {
            assertEquals(401, wrong.post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + BarServer.NAMESPACE + "\"/>"),
                    "listEndpoints").statusCode());
        }
        HttpResponse<String> answer = as("mallory").post(RawSoap.envelope("<n:listEndpoints xmlns:n=\""
                + BarServer.NAMESPACE + "\"/>"), "listEndpoints");
        assertEquals(429, answer.statusCode());
        assertEquals("THROTTLED", MalformedRequests.text(answer.body(), "code"));
        assertTrue(answer.headers().firstValue("Retry-After").isPresent());
    }

    @Test
    void aUserCannotReadOrCancelAnotherUsersReservation() throws Exception {
        book(as("bob"), "bob-1");
        assertEquals("NOT_ALLOWED", MalformedRequests.text(get(as("alice"), "bob-1"), "code"));
        String cancel = as("alice").call("cancelReservation", "<n:cancelReservation><n:requestId>bob-1</n:requestId>"
                + "<n:reason>mine now</n:reason></n:cancelReservation>");
        assertEquals("NOT_ALLOWED", MalformedRequests.text(cancel, "code"));
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(cancel));
        assertEquals("bob", RawSoap.field(get(as("bob"), "bob-1"), "owner"));
    }

    @Test
    void aUserReadsItsSharingGroupsReservationsButNotThoseOfAGroupThatDoesNotShare() throws Exception {
        book(as("carol"), "carol-1");
        assertEquals("carol", RawSoap.field(get(as("alice"), "carol-1"), "owner"), "astro shares");
        book(as("dave"), "dave-1");
        assertEquals("NOT_ALLOWED", MalformedRequests.text(get(as("bob"), "dave-1"), "code"), "bio does not share");
    }

    @Test
    void aListingShowsOnlyWhatTheCallerMaySee() throws Exception {
        book(as("bob"), "bob-2");
        book(as("alice"), "alice-2");
        assertFalse(list(as("alice")).contains("bob-2"));
        assertTrue(list(as("alice")).contains("alice-2"));
        assertTrue(list(as("oscar")).contains("bob-2"), "operators see all");
    }

    @Test
    void anOperatorReadsAnyReservation() throws Exception {
        book(as("bob"), "bob-3");
        assertEquals("bob", RawSoap.field(get(as("oscar"), "bob-3"), "owner"));
    }

    @Test
    void aRequestIdOfAnotherUserIsNotTakenOver() throws Exception {
        book(as("bob"), "bob-4");
        assertEquals("NOT_ALLOWED", MalformedRequests.text(book(as("alice"), "bob-4"), "code"));
    }

    @Test
    void anApiTokenSignsInUntilItIsRevoked() throws Exception {
        RawSoap eve = new RawSoap(server.accountUrl(), BarServer.ACCOUNT_NAMESPACE)
                .as("eve", "eve-password");
        String token = RawSoap.field(eve.call("createToken", "<n:createToken><n:label>pipeline</n:label></n:createToken>"),
                "token");
        assertNotNull(token);
        String id = RawSoap.field(eve.call("listTokens", "<n:listTokens/>"), "id");
        assertEquals("eve", RawSoap.field(accounts.withToken(token).call("whoAmI", "<n:whoAmI/>"), "name"));
        eve.call("revokeToken", "<n:revokeToken><n:id>" + id + "</n:id></n:revokeToken>");
        assertEquals(401, accounts.withToken(token).post(RawSoap.envelope("<n:whoAmI xmlns:n=\""
                + BarServer.ACCOUNT_NAMESPACE + "\"/>"), "whoAmI").statusCode());
    }

    @Test
    void aTokenIsListedWithoutItsSecret() throws Exception {
        RawSoap dave = accounts.as("dave", "dave-password");
        String token = RawSoap.field(dave.call("createToken", "<n:createToken><n:label>x</n:label></n:createToken>"), "token");
        assertFalse(dave.call("listTokens", "<n:listTokens/>").contains(token));
    }

    @Test
    void aBlockedAccountCannotSignIn() throws Exception {
        server.accounts().createAccount(ADMINISTRATION, "trudy", "user", "", "trudy-password");
        assertEquals(200, as("trudy").post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + BarServer.NAMESPACE + "\"/>"),
                "listEndpoints").statusCode());
        server.accounts().setBlocked("trudy", true, "abuse");
        assertEquals(401, as("trudy").post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + BarServer.NAMESPACE + "\"/>"),
                "listEndpoints").statusCode());
    }

    @Test
    void aUserMayNotManageAccounts() throws Exception {
        String answer = accounts.as("bob", "bob-password").call("createAccount", "<n:createAccount><n:name>x</n:name>"
                + "<n:role>admin</n:role><n:email></n:email><n:password>long-enough</n:password></n:createAccount>");
        assertEquals("NOT_ALLOWED", MalformedRequests.text(answer, "code"));
    }

    @Test
    void anAdminCreatesAnAccountThatThenSignsIn() throws Exception {
        String answer = accounts.as("ada", "ada-password").call("createAccount", "<n:createAccount><n:name>frank</n:name>"
                + "<n:role>user</n:role><n:email>frank@example.org</n:email><n:password>frank-password</n:password>"
                + "</n:createAccount>");
        assertEquals("user", RawSoap.field(answer, "role"), answer);
        assertFalse(answer.contains("frank-password"));
        assertEquals("frank", RawSoap.field(accounts.as("frank", "frank-password").call("whoAmI", "<n:whoAmI/>"), "name"));
    }
}
