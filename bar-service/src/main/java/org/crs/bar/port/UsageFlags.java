package org.crs.bar.port;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

import org.crs.bar.reservation.UsageFlag;

/** The traffic flags the BAR raised on reservations, each at most once per reservation and kind. */
public interface UsageFlags {

    /**
     * Raises {@code flag} on the reservation unless it is raised already.
     *
     * @return whether this call raised it (false: it was raised before, by this BAR or a replica)
     */
    boolean raise(String requestId, UsageFlag flag, String detail, Instant at);

    /** The flags raised on each of the reservations that have any. */
    Map<String, Set<UsageFlag>> of(Collection<String> requestIds);

    /**
     * Records that the reservation's idle check is done, whatever it found.
     *
     * @return whether this call recorded it (false: it was done before)
     */
    boolean idleChecked(String requestId, Instant at);

    /** Of the reservations, those whose idle check is done. */
    Set<String> idleCheckDone(Collection<String> requestIds);
}
