package org.crs.domain.access;

/** The access table's answer for one caller and one operation. */
public enum Decision {
    ALLOWED,
    /** No credentials: answered with HTTP 401. */
    NOT_SIGNED_IN,
    /** Known caller, operation not for its kind (or an operation the table does not list). */
    NOT_ALLOWED
}
