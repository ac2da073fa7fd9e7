package org.crs.domain.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The hash chain of an audit trail, and its verification.
 *
 * <h2>The hash of an entry</h2>
 * SHA-256, written as 64 lower-case hex digits, over the entry's canonical encoding: a sequence of
 * netstrings ({@code <length>:<bytes>,}, the length the decimal count of the UTF-8 bytes), one
 * per field, in this order:
 * <ol>
 * <li>the format, {@value #FORMAT};</li>
 * <li>the sequence number, in decimal;</li>
 * <li>occurredAt, as {@link java.time.Instant#toString()} (ISO-8601 in UTC, milliseconds);</li>
 * <li>actor, address, certificate, operation;</li>
 * <li>the arguments: one netstring whose content is the netstrings of the count of
 *     arguments, then each name and its value, in their order;</li>
 * <li>outcome, reservationId, bookingId, router, detail;</li>
 * <li>the previous entry's hash ({@link #GENESIS} for the first entry).</li>
 * </ol>
 * Length prefixes make the encoding unambiguous: no two different entries encode alike,
 * whatever characters their fields hold.
 *
 * <h2>Verification</h2>
 * A {@link Verifier} is given the entries in the order of their sequence numbers, then the
 * trail's head (the sequence number and hash of the last entry, as the trail keeps them apart
 * from the entries). It reports the first entry that breaks the chain, and how:
 * <ul>
 * <li>{@link Tampering#DELETED}: a sequence number is missing; or an entry chains to a hash that
 *     no longer is in the trail (an entry deleted and the ones after it renumbered); or the head
 *     names a later entry than the last one there;</li>
 * <li>{@link Tampering#INSERTED}: the entry after a broken one chains to the entry before it; or
 *     an entry chains to an earlier entry than the one before it (entries put in between, even
 *     with hashes recomputed); or entries follow the one the head names;</li>
 * <li>{@link Tampering#EDITED}: an entry chains correctly but its content no longer gives its
 *     stored hash; or the last entry is not the one the head names.</li>
 * </ul>
 * An entry edited and its hash recomputed breaks the link of the entry after it: it reads as
 * deleted at that place. Without a secret key no hash chain proves its own tail: whoever may
 * write the head too can append forged entries or cut the last ones; an operator who notes the
 * last hash of a verified trail ({@link AuditVerification#lastGoodHash()}) elsewhere can prove it.
 */
public final class AuditChain {

    /** The previous hash of the first entry: 64 zeros. */
    public static final String GENESIS = "0".repeat(64);

    /** The first field of every encoding; a new encoding would get a new name. */
    public static final String FORMAT = "crs-audit-1";

    /** How many recent hashes a verifier remembers to tell an insertion from a deletion. */
    static final int REMEMBERED = 100_000;

    private AuditChain() {
    }

    /** The hash of the entry at {@code sequence} holding {@code record}, after {@code previousHash}. */
    public static String hash(long sequence, AuditRecord record, String previousHash) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        return HexFormat.of().formatHex(sha.digest(encode(sequence, record, previousHash)));
    }

    /** The canonical encoding of an entry (see the class documentation). */
    public static byte[] encode(long sequence, AuditRecord record, String previousHash) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(previousHash, "previousHash");
        StringBuilder out = new StringBuilder(256);
        netstring(out, FORMAT);
        netstring(out, Long.toString(sequence));
        netstring(out, record.occurredAt().toString());
        netstring(out, record.actor());
        netstring(out, record.address());
        netstring(out, record.certificate());
        netstring(out, record.operation());
        StringBuilder arguments = new StringBuilder();
        netstring(arguments, Integer.toString(record.arguments().size()));
        for (Map.Entry<String, String> a : record.arguments().entrySet()) {
            netstring(arguments, a.getKey());
            netstring(arguments, a.getValue());
        }
        netstring(out, arguments.toString());
        netstring(out, record.outcome());
        netstring(out, record.reservationId());
        netstring(out, record.bookingId());
        netstring(out, record.router());
        netstring(out, record.detail());
        netstring(out, previousHash);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void netstring(StringBuilder out, String value) {
        out.append(value.getBytes(StandardCharsets.UTF_8).length).append(':').append(value).append(',');
    }

    /**
     * Walks a trail's entries in the order of their sequence numbers ({@link #accept}), then
     * its head ({@link #finish}); stops looking at the first break. Not thread-safe.
     */
    public static final class Verifier {

        private long expected = 1;
        private String previous = GENESIS;
        private long checked;
        /** A broken entry waiting for the one after it, which tells how it broke. */
        private AuditEntry pending;
        private AuditVerification.Break found;
        private final Map<String, Long> recent = new LinkedHashMap<>(1024, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                return size() > REMEMBERED;
            }
        };

        /** The next entry, in sequence order. */
        public void accept(AuditEntry entry) {
            Objects.requireNonNull(entry, "entry");
            if (found != null) {
                return;
            }
            if (pending != null) {
                judge(pending, entry, Long.MAX_VALUE);
                return;
            }
            if (entry.sequence() > expected) {
                broken(Tampering.DELETED, expected, expected == entry.sequence() - 1
                        ? "entry " + expected + " is missing"
                        : "entries " + expected + " to " + (entry.sequence() - 1) + " are missing");
                return;
            }
            if (entry.sequence() < expected) {
                broken(Tampering.INSERTED, entry.sequence(), "entry " + entry.sequence() + " is out of sequence");
                return;
            }
            if (entry.previousHash().equals(previous) && entry.hashMatches()) {
                recent.put(entry.hash(), entry.sequence());
                previous = entry.hash();
                expected++;
                checked++;
                return;
            }
            pending = entry;
        }

        /** Whether a break was found already; the entries after it need not be read. */
        public boolean broken() {
            return found != null;
        }

        /**
         * The result, given the trail's head.
         *
         * @param headSequence the sequence number of the last entry appended (0 for none)
         * @param headHash the hash of the last entry appended ({@link #GENESIS} for none)
         */
        public AuditVerification finish(long headSequence, String headHash) {
            if (found == null && pending != null) {
                judge(pending, null, headSequence);
            }
            long last = expected - 1;
            if (found == null && headSequence > last) {
                broken(Tampering.DELETED, last + 1, headSequence == last + 1 ? "the last entry, " + headSequence + ", is missing"
                        : "the last entries, " + (last + 1) + " to " + headSequence + ", are missing");
            } else if (found == null && headSequence < last) {
                broken(Tampering.INSERTED, headSequence + 1, "entries after the last one appended, " + headSequence
                        + ", were added");
            } else if (found == null && !previous.equals(headHash)) {
                broken(Tampering.EDITED, last, "entry " + last + " is not the entry appended last (its hash was recomputed)");
            }
            return new AuditVerification(checked, previous, Optional.ofNullable(found));
        }

        /** Tells how {@code bad} broke the chain, from the entry after it ({@code next}, null at the end). */
        private void judge(AuditEntry bad, AuditEntry next, long headSequence) {
            if (next != null && next.previousHash().equals(previous)) {
                broken(Tampering.INSERTED, bad.sequence(), "entry " + bad.sequence()
                        + " was put in: the entry after it chains to the entry before it");
            } else if (next == null && bad.sequence() > headSequence) {
                broken(Tampering.INSERTED, bad.sequence(), "entry " + bad.sequence() + " follows the last one appended, "
                        + headSequence);
            } else if (!bad.previousHash().equals(previous)) {
                Long earlier = recent.get(bad.previousHash());
                if (earlier != null) {
                    broken(Tampering.INSERTED, earlier + 1, "entry " + bad.sequence() + " chains to entry " + earlier
                            + ": the entries between were put in");
                } else {
                    broken(Tampering.DELETED, expected, "entry " + bad.sequence()
                            + " chains to an entry that is no longer in the trail");
                }
            } else {
                broken(Tampering.EDITED, bad.sequence(), "entry " + bad.sequence() + " does not match its hash");
            }
        }

        private void broken(Tampering kind, long sequence, String detail) {
            found = new AuditVerification.Break(kind, sequence, detail);
        }
    }
}
