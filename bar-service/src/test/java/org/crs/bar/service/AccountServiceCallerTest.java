package org.crs.bar.service;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import org.crs.bar.adapter.jdbc.JdbcAccountStore;
import org.crs.bar.adapter.jdbc.JdbcThrottleCounts;
import org.crs.bar.reservation.BadRequest;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** AccountService decides from the caller: admins manage every account, an account only itself. */
class AccountServiceCallerTest {

    static final Caller.Account ALICE = new Caller.Account("alice", Role.USER, List.of());
    static final Caller.Account ADA = new Caller.Account("ada", Role.ADMIN, List.of());

    Database db;
    AccountService accounts;

    @BeforeEach
    void start() throws Exception {
        db = Database.open("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        accounts = new AccountService(new JdbcAccountStore(db.dataSource()), new JdbcThrottleCounts(db.dataSource()),
                Clock.systemUTC());
        accounts.createAccount(ADMINISTRATION, "alice", "user", "", "alice-password");
        accounts.createAccount(ADMINISTRATION, "bob", "user", "", "bob-password");
    }

    @AfterEach
    void stop() {
        db.close();
    }

    @Test
    void aUserMayNotCreateAnAccount() {
        BadRequest e = assertThrows(BadRequest.class,
                () -> accounts.createAccount(ALICE, "mallory", "admin", "", "mallory-password"));

        assertEquals(RefusalCode.NOT_ALLOWED, e.refusal().code());
    }

    @Test
    void anAdminCreatesAnAccount() throws Exception {
        accounts.createAccount(ADA, "carol", "user", "", "carol-password");

        assertEquals("carol", accounts.get(ADA, "carol").name());
    }

    @Test
    void anAccountReadsItselfButNotAnother() throws Exception {
        assertEquals("alice", accounts.self(ALICE).name());
        BadRequest e = assertThrows(BadRequest.class, () -> accounts.get(ALICE, "bob"));

        assertEquals(RefusalCode.NOT_ALLOWED, e.refusal().code());
        assertEquals("name", e.field());
    }

    @Test
    void anAccountMakesTokensForItselfOnly() throws Exception {
        accounts.createToken(ALICE, "alice", "laptop");

        assertEquals(1, accounts.tokens(ALICE, "alice").size());
        assertEquals(RefusalCode.NOT_ALLOWED, assertThrows(BadRequest.class,
                () -> accounts.createToken(ALICE, "bob", "theirs")).refusal().code());
    }

    @Test
    void theProcessItselfHasNoAccountOfItsOwn() {
        BadRequest e = assertThrows(BadRequest.class, () -> accounts.self(ADMINISTRATION));

        assertEquals(RefusalCode.NOT_ALLOWED, e.refusal().code());
    }
}
