package org.crs.service.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

import org.crs.domain.audit.AuditChain;
import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.AuditVerification;
import org.crs.domain.audit.Redaction;
import org.crs.service.security.CallAudit;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A service's audit trail in its database (tables {@code audit_entry} and {@code audit_head},
 * migration V7 of schema/bar and schema/nsap): append-only, each entry hash-chained to the one
 * before ({@link AuditChain}), verified, searched and exported as CSV. docs/security.md
 * describes it for operators.
 *
 * <h2>One chain, however many writers</h2>
 * Every append first moves the one row of {@code audit_head} on ({@code UPDATE ... SET
 * sequence_number = sequence_number + n}), in the transaction that inserts the entries and
 * then writes the head's new hash. The update takes the row's write lock until the commit, on
 * PostgreSQL and on HSQLDB (MVCC) alike, so appends from every thread and every replica sharing
 * one PostgreSQL database follow each other: each reads the head its predecessor committed
 * (PostgreSQL's READ COMMITTED re-reads the row an update waited for). Within one process appends
 * also take a lock of their own first, so they queue in Java rather than in the database, and
 * those that queued meanwhile are written together ({@link #append(AuditRecord)}).
 * A rolled-back append leaves no gap: the head moves back with it.
 *
 * <h2>Append-only</h2>
 * On PostgreSQL a trigger (schema/.../postgresql/V7_1) refuses every UPDATE, DELETE and TRUNCATE
 * of {@code audit_entry}. HSQLDB has no such guard here: an embedded database belongs to the one
 * process that opens it, and whoever can write its files can change anything. There, as
 * everywhere, the hash chain shows what was changed: {@link #verify()}.
 */
public final class AuditTrail {

    /** The {@code operation} of an entry that records one exchange with a router. */
    public static final String ROUTER_COMMAND = AuditRecord.ROUTER_COMMAND;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> ARGUMENTS = new TypeReference<>() {
    };

    private static final String COLUMNS = "sequence_number, occurred_at, actor, address, certificate, operation, "
            + "arguments, outcome, reservation_id, booking_id, router, detail, previous_hash, entry_hash";

    private final DataSource dataSource;
    private final Clock clock;
    private final ReentrantLock appending = new ReentrantLock(true);

    /** A trail over a database migrated to V7 of its service's schema; entries timed by the system clock. */
    public AuditTrail(DataSource dataSource) {
        this(dataSource, Clock.systemUTC());
    }

    /** @param clock times the entries of {@link #recordCall} */
    public AuditTrail(DataSource dataSource, Clock clock) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    // ---- writing ----------------------------------------------------------------------------------

    /**
     * This trail as the SOAP layer's hook ({@link org.crs.service.soap.SoapServer.Builder#audit}):
     * every call that changes state, and every call the access table refused, recorded by
     * {@link #recordCall} with its caller, address and certificate.
     */
    public CallAudit calls() {
        return (service, operation, call, arguments, outcome) -> recordCall(service, operation, call.caller().name(),
                call.address(), call.certificate().orElse(""), arguments, outcome);
    }

    /**
     * Records one call of a port type that changes state: the hook of the SOAP layer. The
     * arguments' secrets are removed here ({@link Redaction#arguments}); the reservation comes
     * from an argument named {@code requestId} (or {@code reservationId}), the booking from one
     * named {@code bookingId}, whose reservation it gives when none is named
     * ({@link #reservationOfBooking}); a router from one named {@code router}.
     *
     * @param service the port type ({@code ReservationService})
     * @param operation its operation ({@code cancelReservation}); recorded as {@code service.operation}
     * @param caller the account or service that called, or empty for nobody known
     * @param address the caller's IP address, or empty
     * @param certificate the subject of the caller's client certificate, or empty
     * @param arguments the call's arguments in their order, names to their values as text
     * @param outcome {@code OK}, or the name of the refusal code the call was answered with
     * @return the entry appended
     * @throws StoreException when the database fails
     */
    public AuditEntry recordCall(String service, String operation, String caller, String address, String certificate,
                                 Map<String, String> arguments, String outcome) {
        Map<String, String> args = arguments == null ? Map.of() : arguments;
        String bookingId = firstOf(args, "bookingId");
        String reservationId = firstOf(args, "requestId", "reservationId");
        if (reservationId.isEmpty()) {
            reservationId = reservationOfBooking(bookingId);
        }
        return append(new AuditRecord(clock.instant(), caller, address, certificate, service + "." + operation,
                Redaction.arguments(args), outcome, reservationId, bookingId, firstOf(args, "router"), ""));
    }

    /**
     * The reservation a BAR's booking id names: {@code <site>:<requestId>:<part>[:<attempt>]}
     * (bar-service {@code ReservationService}) gives {@code <requestId>}; anything else, empty.
     */
    public static String reservationOfBooking(String bookingId) {
        return AuditRecord.reservationOfBooking(bookingId);
    }

    /**
     * Appends one record, committed when this returns.
     *
     * <p>Appends follow each other (one chain), so each waits for the one before; under load the
     * wait, not the work, would be most of an append's cost. Records that arrive while an append
     * is being written are therefore written together, in one transaction, by whichever caller
     * comes next (at most {@value #BATCH} at a time): each caller still returns only once its own
     * record is committed, and a failure fails every caller of that batch. Measured on a file
     * HSQLDB (2 cores, 8 threads appending 2000 records): 380 to 610 appends/s one transaction
     * each, 1300 to 9400/s grouped.
     *
     * @return the entry, with its sequence number and hashes
     * @throws StoreException when the database fails
     */
    public AuditEntry append(AuditRecord record) {
        Objects.requireNonNull(record, "record");
        Waiting mine = new Waiting(record, new CompletableFuture<>());
        queue.add(mine);
        appending.lock();
        try {
            while (!mine.entry().isDone()) {
                List<Waiting> batch = new ArrayList<>();
                for (Waiting w = queue.poll(); w != null; w = batch.size() < BATCH ? queue.poll() : null) {
                    batch.add(w);
                }
                if (batch.isEmpty()) {
                    // taken by an append whose write failed past telling its callers
                    mine.entry().completeExceptionally(new IllegalStateException("audit append lost"));
                    break;
                }
                write(batch);
            }
        } finally {
            appending.unlock();
        }
        try {
            return mine.entry().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** The most records one transaction of {@link #append(AuditRecord)} writes. */
    static final int BATCH = 200;

    /** A record waiting to be appended, and its entry once it is. */
    private record Waiting(AuditRecord record, CompletableFuture<AuditEntry> entry) {
    }

    private final ConcurrentLinkedQueue<Waiting> queue = new ConcurrentLinkedQueue<>();

    /** Appends a batch in one transaction and tells each of its callers. */
    private void write(List<Waiting> batch) {
        try {
            List<AuditEntry> entries = Jdbc.inTransaction(dataSource, "audit trail append",
                    c -> append(c, batch.stream().map(Waiting::record).toList()));
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).entry().complete(entries.get(i));
            }
        } catch (RuntimeException | Error e) {
            batch.forEach(w -> w.entry().completeExceptionally(e));
            if (e instanceof Error error) {
                throw error;
            }
        }
    }

    /**
     * Appends records inside the caller's transaction on {@code c} (auto-commit off), so that
     * they are kept exactly when what they record is: the device log and its audit entries
     * commit together. The head's lock is held until the caller commits or rolls back: keep
     * the transaction short.
     *
     * @return the entries, in order
     */
    public List<AuditEntry> append(Connection c, List<AuditRecord> records) throws SQLException {
        Objects.requireNonNull(records, "records");
        if (records.isEmpty()) {
            return List.of();
        }
        long last;
        String previous;
        try (PreparedStatement move = c.prepareStatement(
                "UPDATE audit_head SET sequence_number = sequence_number + ? WHERE id = 1")) {
            move.setLong(1, records.size());
            if (move.executeUpdate() != 1) {
                throw new SQLException("audit_head has no row: the trail's migration did not run");
            }
        }
        try (PreparedStatement head = c.prepareStatement("SELECT sequence_number, entry_hash FROM audit_head WHERE id = 1");
             ResultSet rs = head.executeQuery()) {
            rs.next();
            last = rs.getLong(1);
            previous = rs.getString(2);
        }
        List<AuditEntry> entries = new ArrayList<>(records.size());
        long sequence = last - records.size();
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO audit_entry (" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (AuditRecord r : records) {
                AuditEntry e = AuditEntry.chained(++sequence, r, previous);
                previous = e.hash();
                entries.add(e);
                insert.setLong(1, e.sequence());
                insert.setObject(2, Jdbc.utc(r.occurredAt()));
                insert.setString(3, r.actor());
                insert.setString(4, r.address());
                insert.setString(5, r.certificate());
                insert.setString(6, r.operation());
                insert.setString(7, argumentsJson(r.arguments()));
                insert.setString(8, r.outcome());
                insert.setString(9, r.reservationId());
                insert.setString(10, r.bookingId());
                insert.setString(11, r.router());
                insert.setString(12, r.detail());
                insert.setString(13, e.previousHash());
                insert.setString(14, e.hash());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement head = c.prepareStatement("UPDATE audit_head SET entry_hash = ? WHERE id = 1")) {
            head.setString(1, previous);
            head.executeUpdate();
        }
        return entries;
    }

    // ---- reading ----------------------------------------------------------------------------------

    /**
     * Walks the whole trail in order and reports the first entry edited, inserted or deleted
     * ({@link AuditChain.Verifier}). Reads one snapshot (REPEATABLE READ), so that appends made
     * meanwhile are neither half seen nor taken for tampering.
     *
     * @throws StoreException when the database fails
     */
    public AuditVerification verify() {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            try {
                AuditChain.Verifier verifier = new AuditChain.Verifier();
                long headSequence;
                String headHash;
                try (PreparedStatement head = c.prepareStatement(
                        "SELECT sequence_number, entry_hash FROM audit_head WHERE id = 1");
                     ResultSet rs = head.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("audit_head has no row");
                    }
                    headSequence = rs.getLong(1);
                    headHash = rs.getString(2);
                }
                try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS
                        + " FROM audit_entry ORDER BY sequence_number")) {
                    ps.setFetchSize(1000);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (!verifier.broken() && rs.next()) {
                            verifier.accept(entry(rs));
                        }
                    }
                }
                c.commit();
                return verifier.finish(headSequence, headHash);
            } finally {
                c.rollback();
                c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException("audit trail verification", e);
        }
    }

    /**
     * The entries {@code query} selects, newest first.
     *
     * @throws StoreException when the database fails
     */
    public List<AuditEntry> search(AuditQuery query) {
        Objects.requireNonNull(query, "query");
        return Jdbc.inTransaction(dataSource, "audit trail search", c -> {
            List<AuditEntry> out = new ArrayList<>();
            try (PreparedStatement ps = select(c, query, true); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(entry(rs));
                }
            }
            return out;
        });
    }

    /**
     * Writes the entries {@code query} selects (newest first, its offset and limit applied) as
     * CSV ({@link AuditCsv}): a header row, then one row per entry with both hashes.
     *
     * @return how many entries were written
     * @throws IOException when {@code out} fails
     * @throws StoreException when the database fails
     */
    public long exportCsv(AuditQuery query, Writer out) throws IOException {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(out, "out");
        try {
            long written = Jdbc.inTransaction(dataSource, "audit trail export", c -> {
                long n = 0;
                header(out);
                try (PreparedStatement ps = select(c, query, true)) {
                    ps.setFetchSize(1000);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            row(out, entry(rs));
                            n++;
                        }
                    }
                }
                return n;
            });
            out.flush();
            return written;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void header(Writer out) {
        try {
            AuditCsv.header(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void row(Writer out, AuditEntry e) {
        try {
            AuditCsv.row(out, e);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    /** The query's SELECT: its SQL is one of a fixed set (each filter present or not), values in parameters. */
    private static PreparedStatement select(Connection c, AuditQuery q, boolean page) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ").append(COLUMNS).append(" FROM audit_entry WHERE 1 = 1");
        List<Object> values = new ArrayList<>();
        if (q.reservationId() != null) {
            sql.append(" AND reservation_id = ?");
            values.add(q.reservationId());
        }
        if (q.actor() != null) {
            sql.append(" AND actor = ?");
            values.add(q.actor());
        }
        if (q.router() != null) {
            sql.append(" AND router = ?");
            values.add(q.router());
        }
        if (q.operation() != null) {
            sql.append(" AND operation = ?");
            values.add(q.operation());
        }
        if (q.from() != null) {
            sql.append(" AND occurred_at >= ?");
            values.add(Jdbc.utc(q.from()));
        }
        if (q.to() != null) {
            sql.append(" AND occurred_at < ?");
            values.add(Jdbc.utc(q.to()));
        }
        sql.append(" ORDER BY sequence_number DESC");
        if (page) {
            sql.append(" LIMIT ? OFFSET ?");
            values.add(q.limit());
            values.add(q.offset());
        }
        PreparedStatement ps = c.prepareStatement(sql.toString());
        for (int i = 0; i < values.size(); i++) {
            ps.setObject(i + 1, values.get(i));
        }
        return ps;
    }

    private static AuditEntry entry(ResultSet rs) throws SQLException {
        AuditRecord r = new AuditRecord(Jdbc.instant(rs, 2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6), arguments(rs.getString(7)), rs.getString(8), rs.getString(9), rs.getString(10),
                rs.getString(11), rs.getString(12));
        return new AuditEntry(rs.getLong(1), r, rs.getString(13), rs.getString(14));
    }

    /** The arguments as a JSON object, names in their order. */
    static String argumentsJson(Map<String, String> arguments) {
        return AuditCsv.json(arguments);
    }

    /**
     * Arguments read back. A row whose text is not a JSON object of strings (edited by hand)
     * reads as no arguments, so that its hash fails and verification names it.
     */
    static Map<String, String> arguments(String json) {
        if (json == null || json.isEmpty()) {
            return Map.of();
        }
        try {
            Map<String, String> parsed = JSON.readValue(json, ARGUMENTS);
            return parsed == null ? Map.of() : parsed;
        } catch (JsonProcessingException e) {
            return Map.of("(unreadable)", json);
        }
    }

    private static String firstOf(Map<String, String> args, String... names) {
        for (String name : names) {
            String v = args.get(name);
            if (v != null && !v.isBlank()) {
                return v.trim();
            }
        }
        return "";
    }
}
