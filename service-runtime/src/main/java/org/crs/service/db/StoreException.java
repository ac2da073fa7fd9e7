package org.crs.service.db;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/** The database failed; what was being done is in the message. */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** How long a client is told to wait before it asks again while the database is unreachable. */
    public static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    public StoreException(String what, Throwable cause) {
        super(what + (cause == null ? "" : ": " + cause.getMessage()), cause);
    }

    /**
     * Whether the database could not be reached or gave no connection in time (it is down,
     * restarting, failing over): nothing of what was asked was done, and the same work may
     * succeed once it is back. False for an error of the work itself (a constraint, bad SQL).
     */
    public boolean databaseUnreachable() {
        return isUnreachable(getCause());
    }

    /**
     * What a door answers a request it could not serve because the database could not be reached
     * ({@link RefusalCode#STORE_UNAVAILABLE}, a Server fault, HTTP 503): nothing was done. Says
     * nothing of the cause, whose text may name the database's address.
     */
    public static Refusal unavailable() {
        return new Refusal(RefusalCode.STORE_UNAVAILABLE, "", "the service's database cannot be reached (restarting or"
                + " failing over); nothing was done: ask again in " + RETRY_AFTER.toSeconds() + " s");
    }

    /** {@link #databaseUnreachable()} for any exception: it or a cause says so. */
    public static boolean isUnreachable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StoreException s && s != e && s.databaseUnreachable()) {
                return true;
            }
            if (t instanceof SQLTransientConnectionException || t instanceof SQLException s && connectionLost(s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A SQLState of class 08 (connection exception) or 57P01-57P03 (PostgreSQL shutting down,
     * crashed, or not yet accepting connections).
     */
    static boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || state.startsWith("57P0"));
    }
}
