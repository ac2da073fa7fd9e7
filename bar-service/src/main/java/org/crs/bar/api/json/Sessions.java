package org.crs.bar.api.json;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.account.Secrets;
import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.port.BrowserSessions;

/**
 * The browser sessions of a BAR, kept in its database ({@link BrowserSessions}) so that every
 * replica serves them and a restart keeps people signed in. A random session id (the cookie's
 * value) names the signed-in account; the store keeps only its SHA-256, so a copy of the
 * database cannot be replayed. The CSRF token that the session's changes must carry is a second
 * SHA-256 of the id (with another prefix): every replica derives it from the cookie, and the store
 * holds nothing it can be computed from.
 *
 * <p>A session ends when signed out, after {@link #IDLE} without a request, or {@link #LIFETIME}
 * after it was opened, whichever comes first. A request marks it used at most once every
 * {@link #TOUCH_EVERY}, so most requests only read it (one read by primary key); the idle limit
 * is therefore kept to within that much.
 *
 * <p>Also the sign-ins at the identity provider under way between the redirect and the callback,
 * named by their own cookie the same way.
 */
public final class Sessions {

    /** The session cookie's name. */
    public static final String COOKIE = "CRS_SESSION";
    /** A session unused this long has ended. */
    public static final Duration IDLE = Duration.ofHours(8);
    /** A session ends this long after it was opened, however much it is used. */
    public static final Duration LIFETIME = Duration.ofHours(24);
    /** A session's last use is written when it is older than this. */
    public static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

    /** A signed-in browser: its account and the token its changes must carry. */
    public record Session(String account, String csrfToken, Instant lastUsed) {
        public Session {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(csrfToken, "csrfToken");
        }

        /** Without the CSRF token. */
        @Override
        public String toString() {
            return "Session[account=" + account + ", lastUsed=" + lastUsed + "]";
        }
    }

    /** A new session: the cookie value to hand to the browser once, and the session. */
    public record Opened(String cookieValue, Session session) {
        /** Without the cookie's value and the CSRF token. */
        @Override
        public String toString() {
            return "Opened[" + session + "]";
        }
    }

    private final BrowserSessions store;
    private final Clock clock;

    public Sessions(BrowserSessions store, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Opens a session for {@code account}. */
    public Opened open(String account) {
        Instant now = clock.instant();
        String id = Secrets.random(32);
        store.open(Secrets.sha256(id), account, now);
        return new Opened(id, new Session(account, csrfToken(id), now));
    }

    /** The live session a cookie value names, marked used now. */
    public Optional<Session> find(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return Optional.empty();
        }
        String hash = Secrets.sha256(cookieValue);
        Optional<BrowserSessions.StoredSession> stored = store.find(hash);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        BrowserSessions.StoredSession s = stored.get();
        if (s.lastUsed().plus(IDLE).isBefore(now) || !s.openedAt().plus(LIFETIME).isAfter(now)) {
            store.close(hash);
            return Optional.empty();
        }
        if (s.lastUsed().plus(TOUCH_EVERY).isBefore(now)) {
            store.touch(hash, now);
        }
        return Optional.of(new Session(s.account(), csrfToken(cookieValue), now));
    }

    /** Ends the session a cookie value names, if any. */
    public void close(String cookieValue) {
        if (cookieValue != null) {
            store.close(Secrets.sha256(cookieValue));
        }
    }

    /** Ends every session of an account (after it is blocked), at every replica. */
    public void closeAll(String account) {
        store.closeAll(account);
    }

    /**
     * Keeps a sign-in begun at the identity provider for {@code lifetime}; answers the value of
     * the cookie that names it.
     */
    public String begin(AuthorizationRequest request, Duration lifetime) {
        String id = Secrets.random(24);
        store.begin(Secrets.sha256(id), request, request.startedAt().plus(lifetime));
        return id;
    }

    /** Takes (once, at whichever replica) the begun sign-in a cookie value names, unless it lapsed. */
    public Optional<AuthorizationRequest> take(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return Optional.empty();
        }
        return store.take(Secrets.sha256(cookieValue), clock.instant());
    }

    /** Deletes ended sessions and lapsed sign-ins; answers how many rows went. */
    public int sweep() {
        Instant now = clock.instant();
        return store.sweepSessions(now.minus(IDLE), now.minus(LIFETIME)) + store.sweepSignIns(now);
    }

    private static String csrfToken(String cookieValue) {
        return Secrets.sha256("csrf\u0000" + cookieValue);
    }
}
