package org.crs.routers.emulator.sessions;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The sessions one emulated router has seen since it started, in the order they opened. Kept
 * in memory, for tests. Thread-safe.
 */
public final class SessionLog {

    private final Clock clock;
    private final Map<Long, Session> sessions = new LinkedHashMap<>();
    private long lastId;

    public SessionLog(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records a session opening now and returns its id. */
    public synchronized long open(Session.Kind kind) {
        long id = ++lastId;
        sessions.put(id, new Session(id, kind, clock.instant(), null));
        return id;
    }

    /** Records that the session closed now; closing it again keeps the first close. */
    public synchronized void close(long id) {
        Session s = sessions.get(id);
        if (s == null) {
            throw new IllegalArgumentException("no session " + id);
        }
        if (!s.isClosed()) {
            sessions.put(id, new Session(id, s.kind(), s.opened(), clock.instant()));
        }
    }

    /** Every session so far, in the order they opened. */
    public synchronized List<Session> sessions() {
        return new ArrayList<>(sessions.values());
    }

    /** Forgets every session recorded so far; ids go on from where they were. */
    public synchronized void clear() {
        sessions.clear();
    }
}
