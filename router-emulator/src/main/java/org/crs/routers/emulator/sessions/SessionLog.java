package org.crs.routers.emulator.sessions;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The sessions one emulated router has seen since it started, in the order they opened, with
 * the lines typed in each (so a test can tell which session carried which change). Kept
 * in memory, for tests. Thread-safe.
 */
public final class SessionLog {

    private final Clock clock;
    private final Map<Long, Session> sessions = new LinkedHashMap<>();
    private final Map<Long, List<String>> commands = new LinkedHashMap<>();
    private long lastId;

    public SessionLog(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records a session opening now and returns its id. */
    public synchronized long open(Session.Kind kind) {
        long id = ++lastId;
        sessions.put(id, new Session(id, kind, clock.instant(), null, List.of()));
        commands.put(id, new ArrayList<>());
        return id;
    }

    /** Records that the session closed now; closing it again keeps the first close. */
    public synchronized void close(long id) {
        Session s = sessions.get(id);
        if (s == null) {
            throw new IllegalArgumentException("no session " + id);
        }
        if (!s.isClosed()) {
            sessions.put(id, new Session(id, s.kind(), s.opened(), clock.instant(), List.of()));
        }
    }

    /**
     * Records a line typed in the session, as typed. The caller leaves out what is typed at a
     * password prompt. A line after the close (or for a session forgotten by {@link #clear()}) is
     * not recorded.
     */
    public synchronized void command(long id, String line) {
        Objects.requireNonNull(line, "line");
        Session s = sessions.get(id);
        if (s != null && !s.isClosed()) {
            commands.get(id).add(line);
        }
    }

    /** Every session so far, in the order they opened. */
    public synchronized List<Session> sessions() {
        List<Session> all = new ArrayList<>(sessions.size());
        for (Session s : sessions.values()) {
            all.add(new Session(s.id(), s.kind(), s.opened(), s.closed(), commands.get(s.id())));
        }
        return all;
    }

    /** Forgets every session recorded so far; ids go on from where they were. */
    public synchronized void clear() {
        sessions.clear();
        commands.clear();
    }
}
