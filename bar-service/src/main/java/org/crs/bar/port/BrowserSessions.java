package org.crs.bar.port;

import java.time.Instant;
import java.util.Optional;

import org.crs.bar.oidc.AuthorizationRequest;

/**
 * What the browser's door keeps between requests, where every replica of the BAR finds it and a
 * restart keeps it: the signed-in sessions and the sign-ins at the identity provider under way.
 * Both are named by the SHA-256 of their cookie's value ({@code idHash}); the value itself, the
 * only thing that can be replayed, never reaches the store.
 */
public interface BrowserSessions {

    /** A stored session: whose it is, when it was opened and when it was last marked used. */
    record StoredSession(String account, Instant openedAt, Instant lastUsed) {
    }

    /** Stores a new session of {@code account}, opened and last used {@code at}. */
    void open(String idHash, String account, Instant at);

    /** The session named {@code idHash}, if stored (ended or not: the caller judges its expiry). */
    Optional<StoredSession> find(String idHash);

    /** Marks the session used {@code at}, unless it was marked used at that time or later. */
    void touch(String idHash, Instant at);

    /** Ends the session named {@code idHash}, if stored. */
    void close(String idHash);

    /** Ends every session of {@code account}; returns how many there were. */
    int closeAll(String account);

    /** Deletes sessions last used before {@code usedBefore} or opened before {@code openedBefore}; returns how many. */
    int sweepSessions(Instant usedBefore, Instant openedBefore);

    /** Keeps a begun sign-in named {@code idHash} until {@code expiresAt}. */
    void begin(String idHash, AuthorizationRequest request, Instant expiresAt);

    /**
     * Takes the begun sign-in named {@code idHash}: deletes it and answers it when it was stored
     * and had not lapsed at {@code now}. Of two replicas taking one sign-in, one gets it.
     */
    Optional<AuthorizationRequest> take(String idHash, Instant now);

    /** Deletes begun sign-ins that lapsed before {@code now}; returns how many. */
    int sweepSignIns(Instant now);
}
