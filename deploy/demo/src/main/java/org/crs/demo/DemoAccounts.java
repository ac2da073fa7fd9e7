package org.crs.demo;

import java.time.Clock;
import java.util.List;

import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.service.db.Database;
import org.crs.service.server.ServerConfig;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.service.AccountService;

/**
 * The demo's accounts, the same at every BAR of the demo: scientists alice and bob of site-a,
 * carol of site-b, the operator oscar and the admin ada. The group astro (alice, carol) shares
 * its reservations among its members; bio (bob) does not.
 */
public final class DemoAccounts {

    /** One demo account. */
    public record DemoAccount(String name, String password, String role, String group, String home) {
    }

    public static final List<DemoAccount> ACCOUNTS = List.of(
            new DemoAccount("alice", "alice-demo", "user", "astro", "site-a"),
            new DemoAccount("bob", "bob-demo", "user", "bio", "site-a"),
            new DemoAccount("carol", "carol-demo", "user", "astro", "site-b"),
            new DemoAccount("oscar", "oscar-demo", "operator", "", ""),
            new DemoAccount("ada", "ada-demo", "admin", "", ""));

    private DemoAccounts() {
    }

    /** The password of a demo account. */
    public static String password(String name) {
        return ACCOUNTS.stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no demo account " + name)).password();
    }

    /**
     * Creates the demo's groups and accounts in the database of a BAR that is not running yet
     * (a BAR started as its own process from a configuration file), migrating it first.
     */
    public static void seed(ServerConfig bar) throws BadRequest {
        try (Database db = Database.open(bar.jdbcUrl(), bar.dbUser(), bar.dbPassword(), 2)) {
            db.migrateService("bar");
            seed(new AccountService(new JdbcAccountStore(db.dataSource()), new JdbcThrottleCounts(db.dataSource()),
                    Clock.systemUTC()));
        }
    }

    /**
     * Creates the demo's groups and accounts at a BAR where they are missing (a restart keeps
     * them). Replicas of one BAR may seed their shared database at once: what another made
     * meanwhile is taken as made.
     */
    public static void seed(AccountService accounts) throws BadRequest {
        group(accounts, "astro", "Astronomy: members share their reservations", true);
        group(accounts, "bio", "Biology", false);
        for (DemoAccount a : ACCOUNTS) {
            if (exists(accounts, a.name())) {
                continue;
            }
            try {
                accounts.createAccount(AccountService.ADMINISTRATION, a.name(), a.role(), a.name() + "@" + (a.home().isEmpty() ? "crs" : a.home())
                        + ".example.org", a.password());
            } catch (BadRequest e) {
                if (exists(accounts, a.name())) {
                    continue; // another replica made it, and adds it to its group
                }
                throw e;
            }
            if (!a.group().isEmpty()) {
                accounts.addMember(AccountService.ADMINISTRATION, a.group(), a.name());
            }
        }
    }

    private static void group(AccountService accounts, String name, String description, boolean shares)
            throws BadRequest {
        if (accounts.groups(AccountService.ADMINISTRATION).stream().anyMatch(g -> g.name().equals(name))) {
            return;
        }
        try {
            accounts.createGroup(AccountService.ADMINISTRATION, name, description, shares);
        } catch (BadRequest e) {
            if (accounts.groups(AccountService.ADMINISTRATION).stream().noneMatch(g -> g.name().equals(name))) {
                throw e;
            }
        }
    }

    private static boolean exists(AccountService accounts, String name) throws BadRequest {
        return accounts.list(AccountService.ADMINISTRATION).stream().anyMatch(existing -> existing.name().equals(name));
    }
}
