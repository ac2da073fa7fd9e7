package org.crs.bar.account;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down password guessing: after {@link #ACCOUNT_FREE_FAILURES} failed sign-ins on one
 * account, or {@link #ADDRESS_FREE_FAILURES} from one address, within {@link #WINDOW}, every
 * further attempt on it is refused unchecked for a pause that starts at {@link #FIRST_PAUSE} and
 * doubles with each further failure, up to {@link #MAX_PAUSE}. A success clears the account's
 * count (not the address's: one address guessing many accounts stays slowed). Counts are kept
 * per BAR replica, in memory.
 */
public final class LoginThrottle {

    public static final int ACCOUNT_FREE_FAILURES = 5;
    public static final int ADDRESS_FREE_FAILURES = 20;
    public static final Duration WINDOW = Duration.ofMinutes(10);
    public static final Duration FIRST_PAUSE = Duration.ofSeconds(30);
    public static final Duration MAX_PAUSE = Duration.ofMinutes(15);

    private record Failures(int count, Instant first, Instant last) {
    }

    private final Clock clock;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    public LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    /** The pause still to wait before {@code account} may try from {@code address}; empty when it may try now. */
    public Optional<Duration> pause(String account, String address) {
        Instant now = clock.instant();
        Duration a = pause("account:" + account, ACCOUNT_FREE_FAILURES, now);
        Duration b = pause("address:" + address, ADDRESS_FREE_FAILURES, now);
        Duration longer = a.compareTo(b) >= 0 ? a : b;
        return longer.isZero() ? Optional.empty() : Optional.of(longer);
    }

    /** Counts a failed sign-in. */
    public void failed(String account, String address) {
        Instant now = clock.instant();
        count("account:" + account, now);
        count("address:" + address, now);
    }

    /** Clears the account's failures after a successful sign-in. */
    public void succeeded(String account) {
        failures.remove("account:" + account);
    }

    private void count(String key, Instant now) {
        failures.compute(key, (k, f) -> f == null || f.first().plus(WINDOW).isBefore(now)
                ? new Failures(1, now, now) : new Failures(f.count() + 1, f.first(), now));
        if (failures.size() > 100_000) {
            // bounded memory against a flood of made-up names: forget failures older than the window
            failures.entrySet().removeIf(e -> e.getValue().last().plus(WINDOW).isBefore(now));
        }
    }

    private Duration pause(String key, int free, Instant now) {
        Failures f = failures.get(key);
        if (f == null || f.count() < free) {
            return Duration.ZERO;
        }
        if (f.last().plus(WINDOW).isBefore(now)) {
            failures.remove(key, f);
            return Duration.ZERO;
        }
        int over = Math.min(f.count() - free, 10);
        Duration pause = FIRST_PAUSE.multipliedBy(1L << over);
        if (pause.compareTo(MAX_PAUSE) > 0) {
            pause = MAX_PAUSE;
        }
        Duration left = Duration.between(now, f.last().plus(pause));
        return left.isNegative() ? Duration.ZERO : left;
    }
}
