package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.bar.account.Account;
import org.crs.bar.account.ApiToken;
import org.crs.bar.account.Group;
import org.crs.domain.access.Role;

/**
 * Where a BAR keeps its accounts, groups, token hashes and certificate mappings. Methods that
 * change something answer false (or empty) when what they name does not exist or already does.
 */
public interface AccountStore {

    /** Creates an account; false when the name is taken. */
    boolean createAccount(String name, Role role, String email, String passwordHash, Instant at);

    Optional<Account> find(String name);

    /** The Argon2id hash of the account's password; empty when it has none (certificate or token only). */
    Optional<String> passwordHash(String name);

    List<Account> list();

    boolean setPasswordHash(String name, String passwordHash);

    boolean setRole(String name, Role role);

    boolean setEmail(String name, String email);

    boolean setBlocked(String name, boolean blocked, String reason);

    /** Creates a group; false when the name is taken. */
    boolean createGroup(String name, String description, boolean sharesReservations, Instant at);

    Optional<Group> findGroup(String name);

    List<Group> groups();

    /** Adds {@code account} to {@code group} after its other groups; false when either is missing or it is a member. */
    boolean addMember(String group, String account);

    boolean removeMember(String group, String account);

    void addToken(String id, String account, String tokenHash, String label, Instant at);

    /** Gives an account a calendar feed token (its hash), replacing the one it had. */
    void setCalendarFeed(String account, String tokenHash, Instant at);

    /** Ends an account's calendar feed; false when it had none. */
    boolean removeCalendarFeed(String account);

    /** When an account's calendar feed token was made; empty when it has none. */
    Optional<Instant> calendarFeedSince(String account);

    /** The account whose calendar feed token has this hash. */
    Optional<String> accountOfCalendarFeed(String tokenHash);

    /** The account a live (not revoked) token of this hash belongs to. */
    Optional<String> accountOfToken(String tokenHash);

    List<ApiToken> tokens(String account);

    /** Revokes the account's token {@code id}; false when it has none such, or it was revoked. */
    boolean revokeToken(String account, String id, Instant at);

    /** Maps a certificate subject (RFC 2253) to an account; false when the subject is mapped already or the account is missing. */
    boolean mapCertificate(String subject, String account, Instant at);

    boolean unmapCertificate(String subject);

    /** The account a certificate subject (RFC 2253, canonical form) is mapped to. */
    Optional<String> accountOfCertificate(String subject);
}
