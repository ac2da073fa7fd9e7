package org.crs.bar.account;

import java.time.Duration;

import org.crs.domain.access.Caller;

/** What presenting credentials to the BAR came to. */
public sealed interface SignIn {

    /** Known: the call is made as {@code caller}. */
    record Known(Caller caller) implements SignIn {
    }

    /** Unknown name, wrong password or token, blocked account, unmapped certificate: one answer for all. */
    record Refused(String reason) implements SignIn {
    }

    /** Too many failures: refused unchecked for {@code pause}. */
    record Throttled(Duration pause) implements SignIn {
    }
}
