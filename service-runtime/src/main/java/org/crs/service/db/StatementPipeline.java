package org.crs.service.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Statements of one transaction sent to the database together. On PostgreSQL they go as one
 * multi-statement prepared statement, which the driver sends in a single round trip: a round
 * trip, not the statements in it, was most of what a write cost the server and the service.
 * On HSQLDB, in the service's own process, they run one after another.
 *
 * <p>The database runs every statement whatever the ones before it changed or found, so a
 * statement that depends on an earlier one says so in its SQL (a subquery, a condition), and a
 * caller that finds a result it did not want rolls the transaction back:
 * <pre>{@code
 * StatementPipeline p = StatementPipeline.on(c);           // c not in auto-commit
 * StatementPipeline.Count moved = p.update("UPDATE t SET state = ? WHERE id = ? AND state = ?", "B", id, "A");
 * p.update("INSERT INTO t_history (id, to_state) VALUES (?, ?)", id, "B");
 * StatementPipeline.Rows<String> row = p.query("SELECT state FROM t WHERE id = ?", rs -> rs.getString(1), id);
 * p.run();
 * return moved.value() == 1 ? row.first() : Jdbc.nothingChanged(c);   // rolls the history row back too
 * }</pre>
 *
 * <p>{@link #runAndCommit} sends the commit with the statements, for a transaction with nothing
 * to look at first: there a write that may not take place stamps the row it changes with a
 * token of its own, and what goes with it acts only on the row bearing that token:
 * <pre>{@code
 * long token = ThreadLocalRandom.current().nextLong();
 * StatementPipeline.Count moved = p.update("UPDATE t SET state = ?, write_token = ? WHERE id = ? AND state = ?",
 *         "B", token, id, "A");
 * p.update("INSERT INTO t_history (id, to_state) SELECT id, ? FROM t WHERE id = ? AND write_token = ?", "B", id, token);
 * p.runAndCommit();                                        // moved or not, one round trip
 * }</pre>
 *
 * <p>Parameters are bound with {@code setObject}; a null needs its SQL type, given as
 * {@link #nullOf}.
 */
public final class StatementPipeline {

    /** Maps the current row of a result set. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /** A null parameter of the given {@link java.sql.Types SQL type}. */
    public record Null(int sqlType) {
    }

    /** The update count of a statement, known once the pipeline has run. */
    public static final class Count {
        private int value = -1;

        /** Rows the statement changed. */
        public int value() {
            checkRun(value >= 0);
            return value;
        }
    }

    /** The rows of a query, known once the pipeline has run. */
    public static final class Rows<T> {
        private final RowMapper<T> mapper;
        private List<T> rows;

        private Rows(RowMapper<T> mapper) {
            this.mapper = mapper;
        }

        /** All rows, in the order read. */
        public List<T> list() {
            checkRun(rows != null);
            return rows;
        }

        /** The first row, if any. */
        public Optional<T> first() {
            return list().stream().findFirst();
        }

        private void read(ResultSet rs) throws SQLException {
            List<T> out = new ArrayList<>();
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
            rows = out;
        }
    }

    private record Entry(String sql, Object[] parameters, Count count, Rows<?> rows) {
    }

    private final Connection connection;
    private final boolean oneRoundTrip;
    private final List<Entry> entries = new ArrayList<>();
    private boolean ran;

    private StatementPipeline(Connection connection, boolean oneRoundTrip) {
        this.connection = connection;
        this.oneRoundTrip = oneRoundTrip;
    }

    /**
     * A pipeline on a connection inside a transaction.
     *
     * @throws IllegalStateException if the connection is in auto-commit, where whether the
     *     statements commit together would depend on the database
     */
    public static StatementPipeline on(Connection c) throws SQLException {
        if (c.getAutoCommit()) {
            throw new IllegalStateException("a statement pipeline runs inside a transaction; the connection is in auto-commit");
        }
        return new StatementPipeline(c, Vendor.fromJdbcUrl(c.getMetaData().getURL()) == Vendor.POSTGRESQL);
    }

    /** A null parameter of the given {@link java.sql.Types SQL type}. */
    public static Null nullOf(int sqlType) {
        return new Null(sqlType);
    }

    /** Adds an INSERT, UPDATE or DELETE; its count is known after {@link #run}. */
    public Count update(String sql, Object... parameters) {
        Count count = new Count();
        add(new Entry(sql, parameters, count, null));
        return count;
    }

    /** Adds a query; its rows are known after {@link #run}. */
    public <T> Rows<T> query(String sql, RowMapper<T> mapper, Object... parameters) {
        Rows<T> rows = new Rows<>(mapper);
        add(new Entry(sql, parameters, null, rows));
        return rows;
    }

    private void add(Entry e) {
        if (ran) {
            throw new IllegalStateException("the pipeline has run");
        }
        if (e.sql.indexOf(';') >= 0) {
            throw new IllegalArgumentException("one statement per entry, without ';': " + e.sql);
        }
        for (int i = 0; i < e.parameters.length; i++) {
            if (e.parameters[i] == null) {
                throw new IllegalArgumentException("parameter " + (i + 1) + " is null; give its type with nullOf: " + e.sql);
            }
        }
        entries.add(e);
    }

    /** Runs the statements in the order added; nothing when none was added. */
    public void run() throws SQLException {
        markRun();
        if (oneRoundTrip && entries.size() > 1) {
            runTogether(false);
        } else {
            runOneByOne();
        }
    }

    /**
     * Runs the statements in the order added, then commits the transaction; on PostgreSQL the
     * commit travels with the statements, in the same round trip. For a transaction whose
     * results need no look before it commits: a statement that must not act when an earlier
     * one found nothing says so in its SQL. When a statement fails, nothing is committed and
     * the transaction is left to the caller to roll back.
     */
    public void runAndCommit() throws SQLException {
        markRun();
        if (oneRoundTrip && !entries.isEmpty()) {
            runTogether(true);
        } else {
            runOneByOne();
        }
        connection.commit(); // on PostgreSQL the transaction has ended, and the driver sends nothing
    }

    private void markRun() {
        if (ran) {
            throw new IllegalStateException("the pipeline has run");
        }
        ran = true;
    }

    private void runOneByOne() throws SQLException {
        for (Entry e : entries) {
            try (PreparedStatement ps = connection.prepareStatement(e.sql)) {
                bind(ps, 1, e.parameters);
                if (e.rows != null) {
                    try (ResultSet rs = ps.executeQuery()) {
                        e.rows.read(rs);
                    }
                } else {
                    e.count.value = ps.executeUpdate();
                }
            }
        }
    }

    private void runTogether(boolean commit) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (Entry e : entries) {
            sql.append(sql.isEmpty() ? "" : "; ").append(e.sql);
        }
        if (commit) {
            sql.append("; COMMIT");
        }
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            int p = 1;
            for (Entry e : entries) {
                p = bind(ps, p, e.parameters);
            }
            ps.execute();
            for (Entry e : entries) {
                if (e.rows != null) {
                    try (ResultSet rs = ps.getResultSet()) {
                        if (rs == null) {
                            throw new SQLException("no rows where the pipeline expected a query's: " + e.sql);
                        }
                        e.rows.read(rs);
                    }
                } else {
                    int count = ps.getUpdateCount();
                    if (count < 0) {
                        throw new SQLException("no update count where the pipeline expected one: " + e.sql);
                    }
                    e.count.value = count;
                }
                ps.getMoreResults();
            }
        }
    }

    private static int bind(PreparedStatement ps, int first, Object[] parameters) throws SQLException {
        int p = first;
        for (Object v : parameters) {
            if (v instanceof Null n) {
                ps.setNull(p++, n.sqlType());
            } else {
                ps.setObject(p++, v);
            }
        }
        return p;
    }

    private static void checkRun(boolean known) {
        if (!known) {
            throw new IllegalStateException("known once the pipeline has run");
        }
    }
}
