package org.crs.bar.reservation;

/** What the approval rules decide for a booking. */
public enum ApprovalDecision {
    /** Reserved at once, as every booking was before approval rules. */
    APPROVE,
    /** Negotiated as any other, then kept PENDING_APPROVAL until an operator approves or rejects it. */
    WAIT
}
