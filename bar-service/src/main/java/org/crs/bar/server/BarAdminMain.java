package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.account.Account;
import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.service.db.Database;

/**
 * Manages a BAR's accounts from the command line, on its database directly (the BAR may be
 * running): {@code bar-admin CONFIG.yaml COMMAND ARGS}. The first admin of a new BAR is made
 * here; after that admins may use AccountService over SOAP as well.
 *
 * <pre>
 *   create-account NAME ROLE [--email E] [--group G]   ROLE user|operator|admin; password from CRS_PASSWORD or stdin
 *   set-password NAME                                   password from CRS_PASSWORD or stdin
 *   set-role NAME ROLE
 *   block NAME [REASON] | unblock NAME
 *   create-group NAME [--shared] [--description D]      --shared: members see each other's reservations
 *   add-member GROUP ACCOUNT | remove-member GROUP ACCOUNT
 *   map-certificate SUBJECT ACCOUNT                     SUBJECT e.g. "CN=pipeline,O=Astro"
 *   create-token ACCOUNT [LABEL]                        prints the token once
 *   list-accounts | list-groups
 * </pre>
 *
 * Exit codes: 0 done, 1 refused (the message says why), 2 a mistake in the command line or the
 * configuration file. A password is read from the environment or the first line of standard input,
 * never from the command line (which other users of the machine can see).
 */
public final class BarAdminMain {

    /** The environment variable a password may come from. */
    public static final String PASSWORD_VARIABLE = "CRS_PASSWORD";

    private BarAdminMain() {
    }

    public static void main(String[] args) {
        int code = run(args, System.getenv(), System.in, System.out, System.err);
        System.exit(code);
    }

    /** The whole of {@link #main}, with its inputs and outputs given. */
    public static int run(String[] args, Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
        if (args.length < 2) {
            err.println("usage: bar-admin CONFIG.yaml COMMAND ARGS (see docs/security.md)");
            return 2;
        }
        BarServerConfig config;
        try {
            config = BarServerConfig.FILE.load(Path.of(args[0]));
        } catch (IOException | RuntimeException e) {
            err.println("bar-admin: " + e.getMessage());
            return 2;
        }
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        try (Database db = Database.open(config.serverConfig().jdbcUrl(), config.serverConfig().dbUser(),
                config.serverConfig().dbPassword(), 2)) {
            db.migrateService("bar");
            AccountService accounts = new AccountService(new JdbcAccountStore(db.dataSource()),
                    new JdbcThrottleCounts(db.dataSource()), Clock.systemUTC());
            return command(accounts, rest, env, in, out, err);
        } catch (BadRequest e) {
            err.println("bar-admin: refused: " + e.getMessage());
            return 1;
        } catch (Usage e) {
            err.println("bar-admin: " + e.getMessage());
            return 2;
        }
    }

    /** A mistake in the command line. */
    private static final class Usage extends Exception {
        private static final long serialVersionUID = 1L;

        Usage(String message) {
            super(message);
        }
    }

    private static int command(AccountService accounts, List<String> args, Map<String, String> env, InputStream in,
                               PrintStream out, PrintStream err) throws BadRequest, Usage {
        String command = args.remove(0);
        switch (command) {
            case "create-account": {
                String email = option(args, "--email");
                List<String> groups = new ArrayList<>();
                for (String g = option(args, "--group"); g != null; g = option(args, "--group")) {
                    groups.add(g);
                }
                need(args, 2, "create-account NAME ROLE [--email E] [--group G]");
                Account a = accounts.createAccount(ADMINISTRATION, args.get(0), args.get(1), email, password(env, in));
                for (String g : groups) {
                    accounts.addMember(ADMINISTRATION, g, a.name());
                }
                out.println("created " + describe(accounts.get(ADMINISTRATION, a.name())));
                return 0;
            }
            case "set-password":
                need(args, 1, "set-password NAME");
                accounts.setPassword(ADMINISTRATION, args.get(0), password(env, in));
                out.println("password of " + args.get(0) + " set");
                return 0;
            case "set-role":
                need(args, 2, "set-role NAME ROLE");
                out.println("now " + describe(accounts.setRole(ADMINISTRATION, args.get(0), args.get(1))));
                return 0;
            case "block":
            case "unblock": {
                if (args.isEmpty()) {
                    throw new Usage(command + " NAME" + ("block".equals(command) ? " [REASON]" : ""));
                }
                String reason = args.size() > 1 ? String.join(" ", args.subList(1, args.size())) : command + "ed by an admin";
                if (!accounts.setBlocked(args.get(0), "block".equals(command), reason)) {
                    throw new BadRequest("name", "no account named " + args.get(0));
                }
                out.println(args.get(0) + " " + command + "ed");
                return 0;
            }
            case "create-group": {
                boolean shared = args.remove("--shared");
                String description = option(args, "--description");
                need(args, 1, "create-group NAME [--shared] [--description D]");
                accounts.createGroup(ADMINISTRATION, args.get(0), description == null ? "" : description, shared);
                out.println("group " + args.get(0) + " created" + (shared ? ", sharing reservations" : ""));
                return 0;
            }
            case "add-member":
                need(args, 2, "add-member GROUP ACCOUNT");
                accounts.addMember(ADMINISTRATION, args.get(0), args.get(1));
                out.println(args.get(1) + " added to " + args.get(0));
                return 0;
            case "remove-member":
                need(args, 2, "remove-member GROUP ACCOUNT");
                accounts.removeMember(ADMINISTRATION, args.get(0), args.get(1));
                out.println(args.get(1) + " removed from " + args.get(0));
                return 0;
            case "map-certificate": {
                need(args, 2, "map-certificate SUBJECT ACCOUNT");
                String subject;
                try {
                    subject = new X500Principal(args.get(0)).getName(X500Principal.CANONICAL);
                } catch (IllegalArgumentException e) {
                    throw new BadRequest("subject", "is not an X.500 name: " + e.getMessage());
                }
                accounts.mapCertificate(ADMINISTRATION, subject, args.get(1));
                out.println(args.get(0) + " now signs in as " + args.get(1));
                return 0;
            }
            case "create-token": {
                if (args.isEmpty()) {
                    throw new Usage("create-token ACCOUNT [LABEL]");
                }
                AccountService.NewToken token = accounts.createToken(ADMINISTRATION, args.get(0), args.size() > 1 ? args.get(1) : "");
                err.println("token " + token.token().id() + " of " + args.get(0) + " (shown once):");
                out.println(token.secret());
                return 0;
            }
            case "list-accounts":
                accounts.list(ADMINISTRATION).forEach(a -> out.println(describe(a)));
                return 0;
            case "list-groups":
                accounts.groups(ADMINISTRATION).forEach(g -> out.println(g.name() + (g.sharesReservations() ? " (shares)" : "") + ": "
                        + String.join(", ", g.members())));
                return 0;
            default:
                throw new Usage("unknown command " + command + "; see docs/security.md");
        }
    }

    private static String describe(Account a) {
        return a.name() + " " + a.role().wireName() + (a.email().isEmpty() ? "" : " <" + a.email() + ">")
                + (a.groups().isEmpty() ? "" : " groups " + a.groups().stream().map(Caller.Membership::group).toList())
                + (a.blocked() ? " BLOCKED" : "");
    }

    private static void need(List<String> args, int n, String usage) throws Usage {
        if (args.size() != n) {
            throw new Usage("usage: " + usage);
        }
    }

    /** Removes {@code name VALUE} from the arguments and answers VALUE; null when absent. */
    private static String option(List<String> args, String name) throws Usage {
        int i = args.indexOf(name);
        if (i < 0) {
            return null;
        }
        if (i + 1 >= args.size()) {
            throw new Usage(name + " needs a value");
        }
        args.remove(i);
        return args.remove(i);
    }

    private static String password(Map<String, String> env, InputStream in) throws Usage {
        String fromEnv = env.get(PASSWORD_VARIABLE);
        if (fromEnv != null && !fromEnv.isEmpty()) {
            return fromEnv;
        }
        try {
            String line = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
            if (line == null || line.isEmpty()) {
                throw new Usage("give the password in " + PASSWORD_VARIABLE + " or on the first line of standard input");
            }
            return line;
        } catch (IOException e) {
            throw new Usage("reading the password from standard input: " + e.getMessage());
        }
    }
}
