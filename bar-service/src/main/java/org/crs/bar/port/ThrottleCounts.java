package org.crs.bar.port;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

import org.crs.bar.account.LoginThrottle;

/**
 * The login throttle's counts of failed sign-ins ({@link LoginThrottle}), where every replica of
 * the BAR counts and reads them. A key names what is counted (an account, an address); the
 * store keeps only its SHA-256.
 */
public interface ThrottleCounts {

    /** The failures counted on each of {@code keys} that has any. */
    Map<String, LoginThrottle.Failures> find(Set<String> keys);

    /**
     * Counts one failure on {@code key} at {@code now}, atomically across replicas: a count whose
     * first failure is before {@code windowStart} starts again at one.
     */
    void count(String key, Instant now, Instant windowStart);

    /** Forgets the failures on {@code key}. */
    void clear(String key);

    /** Forgets counts whose last failure is before {@code lastBefore}; returns how many. */
    int sweep(Instant lastBefore);
}
