package org.crs.domain.admission;

import java.util.Objects;
import org.crs.domain.time.TimeInterval;

/**
 * A VLAN used by one circuit on a trunk over an interval.
 *
 * @param vlan the VLAN number
 * @param interval when the circuit uses it
 */
public record VlanBooking(int vlan, TimeInterval interval) {

    public VlanBooking {
        Objects.requireNonNull(interval, "interval");
    }
}
