package org.crs.domain.audit;

/** How the first broken entry of an audit trail was changed after it was written. */
public enum Tampering {
    /** The entry's content no longer gives its stored hash. */
    EDITED,
    /** An entry was put into the chain: the entry after it chains to the entry before it. */
    INSERTED,
    /** An entry is missing: a gap in the sequence numbers, or an entry chains to a hash no longer there. */
    DELETED
}
