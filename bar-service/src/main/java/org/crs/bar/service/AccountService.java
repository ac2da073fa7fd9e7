package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.crs.bar.account.Account;
import org.crs.bar.account.ApiToken;
import org.crs.bar.account.Group;
import org.crs.bar.account.LoginThrottle;
import org.crs.bar.account.PasswordHashing;
import org.crs.bar.account.Secrets;
import org.crs.bar.account.SignIn;
import org.crs.bar.port.AccountStore;
import org.crs.bar.port.ThrottleCounts;
import org.crs.bar.reservation.BadRequest;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BAR's accounts: signing in (password, API token, client certificate, with the throttle on
 * failures), and managing accounts, groups, tokens and certificate mappings. Passwords and tokens
 * reach the store only hashed, and no log line carries one.
 *
 * <p>Every operation on accounts takes the caller: admins (and the process itself, as the
 * command-line administration and sign-in by OpenID Connect act) manage every account and group;
 * an account reads itself, changes its own password and manages its own tokens and calendar feed.
 * Anyone else is refused NOT_ALLOWED.
 *
 * <p>An Argon2id check costs tens of milliseconds, and HTTP Basic sends the password with every
 * call, so a successful check is remembered for {@link #REMEMBERED}: the next call with the same
 * name and password is checked against a SHA-256 of them with a per-process key instead. Blocking
 * an account, changing its password or role, or revoking a token forgets what was remembered for
 * it on this replica; other replicas forget within {@link #REMEMBERED}.
 */
public final class AccountService {

    private static final Logger LOG = LoggerFactory.getLogger(AccountService.class);
    /** How long a verified password or token is taken as verified. */
    public static final Duration REMEMBERED = Duration.ofSeconds(60);
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9._-]{0,62}");
    static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");
    static final int MIN_PASSWORD = 8;
    private static final String REFUSED = "unknown account, wrong password or token, or a blocked account";
    /**
     * The process itself managing accounts: the command-line administration, a sign-in that makes
     * or joins an account, a tool seeding a database. Allowed what an admin is.
     */
    public static final Caller.Process ADMINISTRATION = new Caller.Process("administration");

    private record Remembered(Caller.Account caller, Instant until) {
    }

    private final AccountStore store;
    private final Clock clock;
    private final SignInThrottle throttle;
    /** SHA-256 of (process key, name, password) or of the token -> the caller it proved, for a while. */
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    private final String processKey = Secrets.random(32);

    /**
     * @param store the accounts, groups, tokens and certificate mappings
     * @param throttle the failed sign-ins counted by every replica ({@link LoginThrottle})
     * @param clock the BAR's clock
     */
    public AccountService(AccountStore store, ThrottleCounts throttle, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.throttle = new SignInThrottle(throttle, clock);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    // ---- signing in ----

    /** Signs in by account name and password. */
    public SignIn withPassword(String name, String password, String address) {
        // A password proved a moment ago is known without asking the shared counts: only the right
        // one finds it, so failures counted since (someone else's guesses) do not lock its holder out.
        String key = Secrets.sha256(processKey + "\u0000" + name + "\u0000" + password);
        Optional<Caller.Account> known = recalled(key);
        if (known.isPresent()) {
            return new SignIn.Known(known.get());
        }
        Optional<Duration> pause = throttle.pause(name, address);
        if (pause.isPresent()) {
            return new SignIn.Throttled(pause.get());
        }
        Optional<Account> account = store.find(name).filter(a -> !a.blocked());
        Optional<String> hash = account.isPresent() ? store.passwordHash(name) : Optional.empty();
        // An unknown name costs a hash too, so that timing does not tell names apart.
        boolean matches = PasswordHashing.verify(password, hash.orElse(UNKNOWN_HASH)) && hash.isPresent();
        if (!matches) {
            throttle.failed(name, address);
            LOG.info("Failed sign-in of account '{}' from {}", name, address);
            return new SignIn.Refused(REFUSED);
        }
        throttle.succeeded(name);
        Caller.Account caller = account.get().caller();
        remembered.put(key, new Remembered(caller, clock.instant().plus(REMEMBERED)));
        return new SignIn.Known(caller);
    }

    /** Signs in by API token. */
    public SignIn withToken(String token, String address) {
        String hash = Secrets.sha256(token);
        Optional<Caller.Account> known = recalled(hash);
        if (known.isPresent()) {
            return new SignIn.Known(known.get());
        }
        Optional<Duration> pause = throttle.addressPause(address);
        if (pause.isPresent()) {
            return new SignIn.Throttled(pause.get());
        }
        Optional<Account> account = store.accountOfToken(hash).flatMap(store::find).filter(a -> !a.blocked());
        if (account.isEmpty()) {
            throttle.failedFrom(address);
            LOG.info("Failed sign-in with an API token from {}", address);
            return new SignIn.Refused(REFUSED);
        }
        Caller.Account caller = account.get().caller();
        remembered.put(hash, new Remembered(caller, clock.instant().plus(REMEMBERED)));
        return new SignIn.Known(caller);
    }

    /** Signs in by a client certificate's subject (RFC 2253, canonical) mapped to an account. */
    public SignIn withCertificate(String canonicalSubject) {
        Optional<Account> account = store.accountOfCertificate(canonicalSubject).flatMap(store::find).filter(a -> !a.blocked());
        return account.<SignIn>map(a -> new SignIn.Known(a.caller()))
                .orElseGet(() -> new SignIn.Refused("the client certificate is not mapped to an account of this BAR"));
    }

    /**
     * The account a browser session (or an identity provider) signed in earlier, as it is now:
     * refused when it no longer exists or is blocked.
     */
    public SignIn signedIn(String name) {
        String key = "session\u0000" + name;
        Optional<Caller.Account> known = recalled(key);
        if (known.isPresent()) {
            return new SignIn.Known(known.get());
        }
        Optional<Account> account = store.find(name).filter(a -> !a.blocked());
        if (account.isEmpty()) {
            return new SignIn.Refused("the session's account " + name + " is unknown or blocked");
        }
        Caller.Account caller = account.get().caller();
        remembered.put(key, new Remembered(caller, clock.instant().plus(REMEMBERED)));
        return new SignIn.Known(caller);
    }

    /** Forgets failed sign-ins that no longer slow anyone (the throttle's window has passed since the last). */
    public int sweepThrottle() {
        return throttle.sweep();
    }

    private Optional<Caller.Account> recalled(String key) {
        Remembered r = remembered.get(key);
        if (r == null) {
            return Optional.empty();
        }
        if (r.until().isBefore(clock.instant())) {
            remembered.remove(key, r);
            return Optional.empty();
        }
        return Optional.of(r.caller());
    }

    /** Forgets the verified credentials of {@code name}, after a change that may withdraw them. */
    private void forget(String name) {
        remembered.values().removeIf(r -> r.caller().name().equals(name));
    }

    /** A hash of a password nobody has, checked for unknown names. */
    private static final String UNKNOWN_HASH = PasswordHashing.hash(Secrets.random(24));

    // ---- managing accounts (admins) ----

    /** Creates an account; a password is optional (an account may sign in by certificate or token only). */
    public Account createAccount(Caller admin, String name, String role, String email, String password)
            throws BadRequest {
        requireAdmin(admin);
        String n = name(name);
        Role r = role(role);
        String mail = email(email);
        String hash = null;
        if (password != null && !password.isEmpty()) {
            hash = PasswordHashing.hash(password(password, "password"));
        }
        if (!store.createAccount(n, r, mail, hash, clock.instant())) {
            throw new BadRequest("name", "an account named " + n + " exists");
        }
        LOG.info("Account {} created with role {}", n, r);
        return require(n);
    }

    public Account setRole(Caller admin, String name, String role) throws BadRequest {
        requireAdmin(admin);
        Role r = role(role);
        if (!store.setRole(name(name), r)) {
            throw noAccount(name);
        }
        forget(name);
        return require(name);
    }

    public Account setEmail(Caller admin, String name, String email) throws BadRequest {
        requireAdmin(admin);
        if (!store.setEmail(name(name), email(email))) {
            throw noAccount(name);
        }
        return require(name);
    }

    /** An admin sets an account's password (a reset). */
    public Account setPassword(Caller admin, String name, String password) throws BadRequest {
        requireAdmin(admin);
        return storePassword(name, password);
    }

    /** Sets an account's password: an admin's reset, or its owner's change after checking the old one. */
    private Account storePassword(String name, String password) throws BadRequest {
        String hash = PasswordHashing.hash(password(password, "password"));
        if (!store.setPasswordHash(name(name), hash)) {
            throw noAccount(name);
        }
        forget(name);
        return require(name);
    }

    /** The signed-in account changes its own password, giving the old one. */
    public Account changePassword(Caller caller, String oldPassword, String newPassword) throws BadRequest {
        String name = self(caller).name();
        Optional<String> hash = store.passwordHash(name);
        if (oldPassword == null || hash.isEmpty() || !PasswordHashing.verify(oldPassword, hash.get())) {
            throw new BadRequest("oldPassword", "is not the account's password");
        }
        return storePassword(name, newPassword);
    }

    /**
     * An operator blocks an account, saying why (it can no longer sign in, and its tokens and
     * certificate are refused), or unblocks it. Doing it again changes nothing.
     *
     * @return {@code blocked}, as the account now is
     * @throws BadRequest NOT_ALLOWED for a caller that is no operator; BAD_FIELD naming
     *     {@code account} (missing, or no such account) or {@code reason} (missing)
     */
    public boolean block(Caller operator, String account, boolean blocked, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "account", (blocked ? "block" : "unblock") + " accounts");
        if (account == null || account.isBlank()) {
            throw new BadRequest("account", "is missing");
        }
        OperatorReason.require(reason);
        String why = (blocked ? "blocked" : "unblocked") + " by " + operator.name() + ": " + reason;
        if (!setBlocked(account.trim(), blocked, why)) {
            throw new BadRequest("account", "no account " + account.trim());
        }
        return blocked;
    }

    /** Blocks or unblocks an account; false when there is none. */
    public boolean setBlocked(String name, boolean blocked, String reason) {
        boolean done = store.setBlocked(name, blocked, reason);
        if (done) {
            forget(name);
            LOG.info("Account {} {}", name, blocked ? "blocked" : "unblocked");
        }
        return done;
    }

    /** An account, for an admin or the account itself. */
    public Account get(Caller caller, String name) throws BadRequest {
        own(caller, name);
        return find(name);
    }

    private Account find(String name) throws BadRequest {
        return store.find(name == null ? "" : name).orElseThrow(() -> noAccount(name));
    }

    /** The signed-in account itself; NOT_ALLOWED for a caller that is no account (only accounts have passwords and tokens). */
    public Account self(Caller caller) throws BadRequest {
        if (!(caller instanceof Caller.Account account)) {
            throw new BadRequest(new Refusal(RefusalCode.NOT_ALLOWED, "", "only an account has tokens and a password"));
        }
        return find(account.name());
    }

    /** Every account, for an admin. */
    public List<Account> list(Caller admin) throws BadRequest {
        requireAdmin(admin);
        return store.list();
    }

    public Group createGroup(Caller admin, String name, String description, boolean sharesReservations)
            throws BadRequest {
        requireAdmin(admin);
        String n = name(name);
        if (!store.createGroup(n, description, sharesReservations, clock.instant())) {
            throw new BadRequest("name", "a group named " + n + " exists");
        }
        return store.findGroup(n).orElseThrow();
    }

    public Group addMember(Caller admin, String group, String account) throws BadRequest {
        requireAdmin(admin);
        requireGroup(group);
        find(account);
        if (!store.addMember(group, account)) {
            throw new BadRequest("account", account + " is a member of " + group + " already");
        }
        forget(account);
        return store.findGroup(group).orElseThrow();
    }

    public Group removeMember(Caller admin, String group, String account) throws BadRequest {
        requireAdmin(admin);
        requireGroup(group);
        if (!store.removeMember(group, account)) {
            throw new BadRequest("account", account + " is not a member of " + group);
        }
        forget(account);
        return store.findGroup(group).orElseThrow();
    }

    /** Every group, for an admin. */
    public List<Group> groups(Caller admin) throws BadRequest {
        requireAdmin(admin);
        return store.groups();
    }

    private void requireGroup(String group) throws BadRequest {
        if (group == null || store.findGroup(group).isEmpty()) {
            throw new BadRequest("group", "no group named " + group);
        }
    }

    /** Maps a certificate subject to an account. */
    public void mapCertificate(Caller admin, String canonicalSubject, String account) throws BadRequest {
        requireAdmin(admin);
        find(account);
        if (!store.mapCertificate(canonicalSubject, account, clock.instant())) {
            throw new BadRequest("subject", "the subject is mapped to an account already");
        }
    }

    public void unmapCertificate(Caller admin, String canonicalSubject) throws BadRequest {
        requireAdmin(admin);
        if (!store.unmapCertificate(canonicalSubject)) {
            throw new BadRequest("subject", "the subject is not mapped");
        }
    }

    // ---- an account's own tokens ----

    /** A new token for {@code account} (the caller's own, any for an admin), answered now and never again. */
    public NewToken createToken(Caller caller, String account, String label) throws BadRequest {
        own(caller, account);
        find(account);
        String token = Secrets.newToken();
        String id = Secrets.newId();
        Instant now = clock.instant();
        store.addToken(id, account, Secrets.sha256(token), label == null ? "" : label.strip(), now);
        LOG.info("API token {} created for {}", id, account);
        return new NewToken(new ApiToken(id, account, label == null ? "" : label.strip(), now, Optional.empty()), token);
    }

    /** A token just made, with its secret (shown once). */
    public record NewToken(ApiToken token, String secret) {
        @Override
        public String toString() {
            return "NewToken[" + token + "]";
        }
    }

    /** The tokens of {@code account}, the caller's own or any for an admin. */
    public List<ApiToken> tokens(Caller caller, String account) throws BadRequest {
        own(caller, account);
        return store.tokens(account);
    }

    /** Revokes a token of {@code account}, the caller's own or any for an admin. */
    public void revokeToken(Caller caller, String account, String id) throws BadRequest {
        own(caller, account);
        if (id == null || !store.revokeToken(account, id, clock.instant())) {
            throw new BadRequest("id", "no live token " + id + " of " + account);
        }
        forget(account);
    }

    // ---- checks ----

    /** Refuses with NOT_ALLOWED a caller that is neither an admin nor the process itself. */
    private static void requireAdmin(Caller caller) throws BadRequest {
        if (!isAdmin(caller)) {
            throw new BadRequest(new Refusal(RefusalCode.NOT_ALLOWED, "", caller.name()
                    + " may not manage accounts: only admins may"));
        }
    }

    private static boolean isAdmin(Caller caller) {
        return caller instanceof Caller.Process || caller instanceof Caller.Account a && a.role() == Role.ADMIN;
    }

    /** Refuses with NOT_ALLOWED, naming the account, a caller that is neither {@code account} nor an admin. */
    private static void own(Caller caller, String account) throws BadRequest {
        if (!isAdmin(caller) && !(caller instanceof Caller.Account a && a.name().equals(account))) {
            throw new BadRequest(new Refusal(RefusalCode.NOT_ALLOWED, "name", caller.name()
                    + " may act only on its own account, not on " + account));
        }
    }

    // ---- calendar feeds ----

    /**
     * Gives an account a new calendar feed token, shown this once (only its hash is kept); the
     * URL of the one it had stops working.
     */
    public String renewCalendarFeed(Caller caller) throws BadRequest {
        String account = self(caller).name();
        String token = Secrets.random(32);
        store.setCalendarFeed(account, Secrets.sha256(token), clock.instant());
        return token;
    }

    /** Ends the caller's calendar feed; false when it had none (a caller that is no account has none). */
    public boolean revokeCalendarFeed(Caller caller) {
        return caller instanceof Caller.Account a && store.removeCalendarFeed(a.name());
    }

    /** When the caller's current calendar feed token was made; empty when it has none. */
    public Optional<Instant> calendarFeedSince(Caller caller) {
        return caller instanceof Caller.Account a ? store.calendarFeedSince(a.name()) : Optional.empty();
    }

    /** The unblocked account a calendar feed token belongs to. */
    public Optional<Caller.Account> ofCalendarFeed(String token) {
        return store.accountOfCalendarFeed(Secrets.sha256(token)).flatMap(store::find).filter(a -> !a.blocked())
                .map(Account::caller);
    }

    private Account require(String name) {
        return store.find(name).orElseThrow(() -> new IllegalStateException("account " + name + " vanished"));
    }

    private static BadRequest noAccount(String name) {
        return new BadRequest("name", "no account named " + name);
    }

    private static String name(String name) throws BadRequest {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new BadRequest("name", "must be a lower-case letter then up to 62 of a-z, 0-9, '.', '_', '-'");
        }
        return name;
    }

    private static Role role(String role) throws BadRequest {
        return Role.named(role).orElseThrow(() -> new BadRequest("role", "must be user, operator or admin"));
    }

    private static String email(String email) throws BadRequest {
        if (email == null || email.isBlank()) {
            return "";
        }
        if (!EMAIL.matcher(email.strip()).matches() || email.length() > 320) {
            throw new BadRequest("email", "is not an e-mail address");
        }
        return email.strip();
    }

    private static String password(String password, String field) throws BadRequest {
        if (password == null || password.length() < MIN_PASSWORD) {
            throw new BadRequest(field, "must be at least " + MIN_PASSWORD + " characters");
        }
        if (password.length() > 1024) {
            throw new BadRequest(field, "must be at most 1024 characters");
        }
        return password;
    }
}
