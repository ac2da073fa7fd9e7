package org.crs.routers.driver.snmp;

import java.time.Duration;
import java.util.Objects;

/**
 * How long an SNMP session waits, and how often it asks again. UDP loses requests; a retry
 * resends the same request, so an agent that missed one still answers in time.
 *
 * @param request how long to wait for the answer to one request (each retry waits as long)
 * @param retries how many times to resend an unanswered request
 * @param vtpApply how long to poll for the result of a VLAN edit (vtpVlanApplyStatus) or of a
 *     configuration save (ccCopyState)
 */
public record SnmpTimeouts(Duration request, int retries, Duration vtpApply) {

    /** 2 s per request, one retry, 10 s for a VLAN edit to apply. */
    public static final SnmpTimeouts DEFAULTS = new SnmpTimeouts(Duration.ofSeconds(2), 1, Duration.ofSeconds(10));

    public SnmpTimeouts {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(vtpApply, "vtpApply");
        if (request.isNegative() || request.isZero() || vtpApply.isNegative() || vtpApply.isZero()) {
            throw new IllegalArgumentException("SNMP timeouts must be positive");
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative, was " + retries);
        }
    }
}
