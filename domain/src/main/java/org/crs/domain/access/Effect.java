package org.crs.domain.access;

/** What an operation does to state: a change is recorded in the audit trail, a read is not. */
public enum Effect {
    READ,
    CHANGE
}
