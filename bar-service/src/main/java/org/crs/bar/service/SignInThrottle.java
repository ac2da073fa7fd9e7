package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.crs.bar.account.LoginThrottle;
import org.crs.bar.port.ThrottleCounts;

/**
 * The login throttle over the counts every replica shares: {@link LoginThrottle}'s rules (how
 * many failures are free, how long the pause) applied to the failures {@link ThrottleCounts}
 * keeps per account and per address.
 */
final class SignInThrottle {

    private final ThrottleCounts counts;
    private final Clock clock;

    SignInThrottle(ThrottleCounts counts, Clock clock) {
        this.counts = Objects.requireNonNull(counts, "counts");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The pause {@code name} must wait before trying again from {@code address}; empty: it may try now. */
    Optional<Duration> pause(String name, String address) {
        return LoginThrottle.pause(counts.find(LoginThrottle.keys(name, address)), name, address, clock.instant());
    }

    /** The pause a sign-in that names no account (an API token) must wait from {@code address}. */
    Optional<Duration> addressPause(String address) {
        return LoginThrottle.addressPause(counts.find(Set.of(LoginThrottle.addressKey(address))), address,
                clock.instant());
    }

    /** Counts a failed sign-in that named no account against the address only. */
    void failedFrom(String address) {
        Instant now = clock.instant();
        counts.count(LoginThrottle.addressKey(address), now, LoginThrottle.windowStart(now));
    }

    /** Counts a failed sign-in against the account and against the address. */
    void failed(String name, String address) {
        Instant now = clock.instant();
        Instant windowStart = LoginThrottle.windowStart(now);
        counts.count(LoginThrottle.accountKey(name), now, windowStart);
        counts.count(LoginThrottle.addressKey(address), now, windowStart);
    }

    /** The account proved its password: its failures are forgotten (its address's are not). */
    void succeeded(String name) {
        counts.clear(LoginThrottle.accountKey(name));
    }

    /** Forgets failures that no longer slow anyone (the throttle's window has passed since the last). */
    int sweep() {
        return counts.sweep(LoginThrottle.windowStart(clock.instant()));
    }
}
