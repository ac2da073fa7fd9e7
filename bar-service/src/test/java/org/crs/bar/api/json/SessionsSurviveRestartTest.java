package org.crs.bar.api.json;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.bar.testing.ScriptedController;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BAR stopped and started again on the same database (an HSQLDB file, as a lone BAR keeps it)
 * keeps its browsers signed in: the session cookie and CSRF token handed out before the restart
 * work after it.
 */
class SessionsSurviveRestartTest {

    @TempDir
    Path folder;

    BarServer start(String database) throws Exception {
        return BarServer.start(new ServerConfig("bar-restart", database, "SA", "", "127.0.0.1", 0, false),
                new Site("site-a", new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a")),
                        new ScriptedController("nsap", List.of("site-a", "site-b")), Map.of()),
                BarSettings.defaults(), Clock.systemUTC());
    }

    @Test
    void aBrowserSignedInBeforeARestartIsSignedInAfterIt() throws Exception {
        String database = "jdbc:hsqldb:file:" + Files.createDirectories(folder.resolve("db")).resolve("bar");
        ApiClient browser;
        String csrf;
        try (BarServer before = start(database)) {
            before.accounts().createAccount(ADMINISTRATION, "alice", "user", "", "alice-password");
            browser = ApiClient.browser(before.apiUrl());
            csrf = browser.signIn("alice", "alice-password").json().get("csrfToken").asText();
        }

        try (BarServer after = start(database)) {
            ApiClient again = browser.at(after.apiUrl());
            ApiClient.Reply me = again.get("/session");
            ApiClient.Reply change = again.post("/me/calendar-feed", "{}");

            assertEquals(200, me.status(), me.body());
            assertEquals("alice", me.json().get("account").asText());
            assertEquals(csrf, me.json().get("csrfToken").asText());
            assertEquals(201, change.status(), change.body());
        }
    }
}
