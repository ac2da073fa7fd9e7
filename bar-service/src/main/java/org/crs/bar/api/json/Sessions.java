package org.crs.bar.api.json;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.crs.bar.account.Secrets;

/**
 * The browser sessions of one BAR process: a random session id (the cookie's value, kept here
 * only as its SHA-256) names the signed-in account and the CSRF token its state-changing
 * requests must carry. A session ends when signed out or after {@link #IDLE} without a request.
 * Sessions live in memory: a restarted BAR (or another replica) asks its browsers to sign in again.
 */
public final class Sessions {

    /** The session cookie's name. */
    public static final String COOKIE = "CRS_SESSION";
    /** A session unused this long has ended. */
    public static final Duration IDLE = Duration.ofHours(8);
    private static final int MAX_SESSIONS = 50_000;

    /** A signed-in browser: its account and the token its changes must carry. */
    public record Session(String account, String csrfToken, Instant lastUsed) {
        public Session {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(csrfToken, "csrfToken");
        }
    }

    /** A new session: the cookie value to hand to the browser once, and the session. */
    public record Opened(String cookieValue, Session session) {
    }

    private final Map<String, Session> byHash = new ConcurrentHashMap<>();
    private final Clock clock;

    public Sessions(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Opens a session for {@code account}. */
    public Opened open(String account) {
        Instant now = clock.instant();
        if (byHash.size() >= MAX_SESSIONS) {
            byHash.values().removeIf(s -> ended(s, now));
        }
        String id = Secrets.random(32);
        Session session = new Session(account, Secrets.random(24), now);
        byHash.put(Secrets.sha256(id), session);
        return new Opened(id, session);
    }

    /** The live session a cookie value names, marked used now. */
    public Optional<Session> find(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return Optional.empty();
        }
        String hash = Secrets.sha256(cookieValue);
        Session session = byHash.get(hash);
        if (session == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (ended(session, now)) {
            byHash.remove(hash, session);
            return Optional.empty();
        }
        Session used = new Session(session.account(), session.csrfToken(), now);
        byHash.replace(hash, session, used);
        return Optional.of(used);
    }

    /** Ends the session a cookie value names, if any. */
    public void close(String cookieValue) {
        if (cookieValue != null) {
            byHash.remove(Secrets.sha256(cookieValue));
        }
    }

    /** Ends every session of an account (after it is blocked). */
    public void closeAll(String account) {
        byHash.values().removeIf(s -> s.account().equals(account));
    }

    private static boolean ended(Session s, Instant now) {
        return s.lastUsed().plus(IDLE).isBefore(now);
    }
}
