package org.crs.domain.audit;

import java.util.Objects;

/**
 * One entry of an audit trail: a record at its place in the chain.
 *
 * @param sequence the entry's place, from 1, without gaps
 * @param record what was recorded
 * @param previousHash the hash of the entry before, {@link AuditChain#GENESIS} for the first
 * @param hash {@link AuditChain#hash} of this entry, as stored
 */
public record AuditEntry(long sequence, AuditRecord record, String previousHash, String hash) {

    public AuditEntry {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(previousHash, "previousHash");
        Objects.requireNonNull(hash, "hash");
    }

    /** The entry that follows {@code previousHash} at {@code sequence}, hashed. */
    public static AuditEntry chained(long sequence, AuditRecord record, String previousHash) {
        return new AuditEntry(sequence, record, previousHash, AuditChain.hash(sequence, record, previousHash));
    }

    /** Whether the stored hash is the hash of the entry's content. */
    public boolean hashMatches() {
        return hash.equals(AuditChain.hash(sequence, record, previousHash));
    }
}
