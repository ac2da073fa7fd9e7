package org.crs.service.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * What every JDBC store of the services does the same way: one transaction around a piece of
 * work, UTC instants in {@code TIMESTAMP WITH TIME ZONE} columns, unique violations told apart,
 * and text clipped to its column.
 */
public final class Jdbc {

    private Jdbc() {
    }

    /** Work done on one connection inside one transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs one statement on its own connection, in auto-commit, with {@code parameters} in order.
     *
     * @return the rows it changed
     * @throws StoreException when the database fails, naming {@code what} was being done
     */
    public static int update(DataSource dataSource, String what, String sql, Object... parameters) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException(what, e);
        }
    }

    /**
     * Runs {@code work} in one transaction: committed if it returns, rolled back if it throws.
     *
     * @throws StoreException when the database fails, naming {@code what} was being done
     */
    public static <T> T inTransaction(DataSource dataSource, String what, Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                rollBackAfter(c, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException(what, e);
        }
    }

    /**
     * Rolls back after {@code failure}; a rollback that fails too (the connection died: the
     * database restarts) is added to it as suppressed, so the failure that tells why stays the one
     * thrown ({@link StoreException#databaseUnreachable()} reads its SQLState).
     */
    public static void rollBackAfter(Connection c, Exception failure) {
        try {
            c.rollback();
        } catch (SQLException rollbackFailed) {
            failure.addSuppressed(rollbackFailed);
        }
    }

    /**
     * Rolls back what the transaction has written and answers empty: for a write whose guarding
     * update (sent in a {@link StatementPipeline} with what follows it) found nothing to change.
     * The transaction may go on; {@link #inTransaction} then commits nothing.
     */
    public static <T> Optional<T> nothingChanged(Connection c) throws SQLException {
        c.rollback();
        return Optional.empty();
    }

    /** An instant as a UTC timestamp for a {@code TIMESTAMP WITH TIME ZONE} parameter; null stays null. */
    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** A non-null {@code TIMESTAMP WITH TIME ZONE} column as an instant. */
    public static Instant instant(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    /** A non-null {@code TIMESTAMP WITH TIME ZONE} column as an instant. */
    public static Instant instant(ResultSet rs, String column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    /** A nullable {@code TIMESTAMP WITH TIME ZONE} column as an instant or null. */
    public static Instant instantOrNull(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    /**
     * Whether the failure is SQLSTATE 23505, a unique constraint violated (HSQLDB and PostgreSQL
     * alike): a row that exists. Not all of class 23: a CHECK or NOT NULL violation is a bad write.
     */
    public static boolean isUniqueViolation(SQLException e) {
        for (SQLException x = e; x != null; x = x.getNextException()) {
            if ("23505".equals(x.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Text cut to fit a column of {@code max} characters (null becomes empty). */
    public static String clip(String s, int max) {
        return s == null ? "" : s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
