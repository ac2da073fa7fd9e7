package org.crs.domain.audit;

import java.util.Objects;
import java.util.Optional;

/**
 * What the verification of an audit trail found: intact, or the first entry that was changed.
 *
 * @param entriesChecked how many entries chained correctly, from the first on
 * @param lastGoodHash the hash of the last entry that chained correctly ({@link AuditChain#GENESIS}
 *     when none did); on an intact trail, the hash an operator may note to prove its tail later
 * @param firstBreak the first entry found edited, inserted or deleted; empty when the trail is intact
 */
public record AuditVerification(long entriesChecked, String lastGoodHash, Optional<Break> firstBreak) {

    public AuditVerification {
        Objects.requireNonNull(lastGoodHash, "lastGoodHash");
        Objects.requireNonNull(firstBreak, "firstBreak");
    }

    /**
     * The first broken entry.
     *
     * @param kind edited, inserted or deleted
     * @param sequence the sequence number of the entry that was edited or inserted, or that
     *     is missing
     * @param detail what was found, for people (the kind and sequence are what a program reads)
     */
    public record Break(Tampering kind, long sequence, String detail) {
        public Break {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** Whether every entry chained correctly and the trail's head agrees with its last entry. */
    public boolean intact() {
        return firstBreak.isEmpty();
    }
}
