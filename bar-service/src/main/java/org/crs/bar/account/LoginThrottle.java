package org.crs.bar.account;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Slows down password guessing: after {@link #ACCOUNT_FREE_FAILURES} failed sign-ins on one
 * account, or {@link #ADDRESS_FREE_FAILURES} from one address, within {@link #WINDOW}, every
 * further attempt on it is refused unchecked for a pause that starts at {@link #FIRST_PAUSE} and
 * doubles with each further failure, up to {@link #MAX_PAUSE}. A success clears the account's
 * count (not the address's: one address guessing many accounts stays slowed).
 *
 * <p>These are the rules only; the counts are kept where every replica of the BAR counts them
 * (the service's {@code ThrottleCounts} port, in the BAR's database), so that guesses spread over
 * replicas add up.
 */
public final class LoginThrottle {

    public static final int ACCOUNT_FREE_FAILURES = 5;
    public static final int ADDRESS_FREE_FAILURES = 20;
    public static final Duration WINDOW = Duration.ofMinutes(10);
    public static final Duration FIRST_PAUSE = Duration.ofSeconds(30);
    public static final Duration MAX_PAUSE = Duration.ofMinutes(15);
    /** Bounds the shift below; 30 s doubled 5 times is already past {@link #MAX_PAUSE}. */
    private static final int MAX_DOUBLINGS = 10;

    /** Failed sign-ins counted on one key: how many, the first and the last. */
    public record Failures(int count, Instant first, Instant last) {
        public Failures {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(last, "last");
        }
    }

    private LoginThrottle() {
    }

    /** The key an account's failures are counted on. */
    public static String accountKey(String account) {
        return "account:" + account;
    }

    /** The key an address's failures are counted on. */
    public static String addressKey(String address) {
        return "address:" + address;
    }

    /** Both keys a sign-in of {@code account} from {@code address} is counted on. */
    public static Set<String> keys(String account, String address) {
        return Set.of(accountKey(account), addressKey(address));
    }

    /** A count whose first failure is before this starts again at one. */
    public static Instant windowStart(Instant now) {
        return now.minus(WINDOW);
    }

    /**
     * The pause still to wait at {@code now} before {@code account} may try from {@code address},
     * given the failures counted on their keys; empty when it may try now.
     */
    public static Optional<Duration> pause(Map<String, Failures> counted, String account, String address,
                                           Instant now) {
        Duration a = pause(counted.get(accountKey(account)), ACCOUNT_FREE_FAILURES, now);
        Duration b = pause(counted.get(addressKey(address)), ADDRESS_FREE_FAILURES, now);
        Duration longer = a.compareTo(b) >= 0 ? a : b;
        return longer.isZero() ? Optional.empty() : Optional.of(longer);
    }

    /**
     * The pause still to wait at {@code now} before anyone may try again from {@code address}, when
     * the sign-in names no account (an API token): only the address's failures count, so that
     * guesses from one address never pause the token sign-ins of everyone else.
     */
    public static Optional<Duration> addressPause(Map<String, Failures> counted, String address, Instant now) {
        Duration pause = pause(counted.get(addressKey(address)), ADDRESS_FREE_FAILURES, now);
        return pause.isZero() ? Optional.empty() : Optional.of(pause);
    }

    private static Duration pause(Failures f, int free, Instant now) {
        if (f == null || f.count() < free || f.last().plus(WINDOW).isBefore(now)) {
            return Duration.ZERO;
        }
        int over = Math.min(f.count() - free, MAX_DOUBLINGS);
        Duration pause = FIRST_PAUSE.multipliedBy(1L << over);
        if (pause.compareTo(MAX_PAUSE) > 0) {
            pause = MAX_PAUSE;
        }
        Duration left = Duration.between(now, f.last().plus(pause));
        return left.isNegative() ? Duration.ZERO : left;
    }
}
