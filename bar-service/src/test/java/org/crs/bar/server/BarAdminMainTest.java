package org.crs.bar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import org.crs.bar.account.SignIn;
import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.bar.service.AccountService;
import org.crs.service.db.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The account command line, on a real BAR configuration and its HSQLDB file database. */
class BarAdminMainTest {

    @TempDir
    Path dir;

    private Path config() throws Exception {
        Path file = dir.resolve("bar.yaml");
        Files.writeString(file, """
                name: bar-admin-test
                site: site-a
                listen: {host: 127.0.0.1, port: 0}
                database:
                  jdbcUrl: jdbc:hsqldb:file:db/bar;shutdown=true
                  user: SA
                  password: ""
                campus: {url: http://127.0.0.1:1/services/NsapService}
                wan:    {url: http://127.0.0.1:1/services/NsapService}
                peers: []
                """);
        return file;
    }

    private record Run(int code, String out, String err) {
    }

    private Run run(Path config, Map<String, String> env, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 1];
        all[0] = config.toString();
        System.arraycopy(args, 0, all, 1, args.length);
        int code = BarAdminMain.run(all, env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private SignIn signIn(Path config, String name, String password) {
        try (Database db = Database.open("jdbc:hsqldb:file:" + dir.resolve("db/bar") + ";shutdown=true", "SA", "", 2)) {
            return new AccountService(new JdbcAccountStore(db.dataSource()), new JdbcThrottleCounts(db.dataSource()),
                    Clock.systemUTC())
                    .withPassword(name, password, "127.0.0.1");
        }
    }

    @Test
    void theFirstAdminIsCreatedFromTheCommandLineWithThePasswordFromStandardInput() throws Exception {
        Path config = config();
        Run created = run(config, Map.of(), "a-long-password\n", "create-account", "root", "admin", "--email",
                "root@example.org");
        assertEquals(0, created.code(), created.err());
        assertFalse(created.out().contains("a-long-password"));
        assertInstanceOf(SignIn.Known.class, signIn(config, "root", "a-long-password"));
    }

    @Test
    void aGroupAndItsMemberAreCreatedWithThePasswordFromTheEnvironment() throws Exception {
        Path config = config();
        assertEquals(0, run(config, Map.of(), "", "create-group", "astro", "--shared").code());
        Run created = run(config, Map.of(BarAdminMain.PASSWORD_VARIABLE, "alice-secret"), "", "create-account", "alice", "user",
                "--group", "astro");
        assertEquals(0, created.code(), created.err());
        assertTrue(run(config, Map.of(), "", "list-groups").out().contains("astro (shares): alice"));
    }

    @Test
    void anUnknownRoleIsRefusedWithExitCode1() throws Exception {
        Run refused = run(config(), Map.of(BarAdminMain.PASSWORD_VARIABLE, "long-enough"), "", "create-account", "x", "king");
        assertEquals(1, refused.code());
    }

    @Test
    void anUnknownCommandIsAUsageErrorWithExitCode2() throws Exception {
        assertEquals(2, run(config(), Map.of(), "", "make-coffee").code());
    }

    @Test
    void aBlockedAccountCannotSignIn() throws Exception {
        Path config = config();
        run(config, Map.of(BarAdminMain.PASSWORD_VARIABLE, "bob-secret"), "", "create-account", "bob", "user");
        assertEquals(0, run(config, Map.of(), "", "block", "bob", "left the project").code());
        assertInstanceOf(SignIn.Refused.class, signIn(config, "bob", "bob-secret"));
    }
}
