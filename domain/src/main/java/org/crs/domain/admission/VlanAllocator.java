package org.crs.domain.admission;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.crs.domain.time.TimeInterval;

/**
 * The VLAN rule of admission: on one trunk (or access point), a VLAN carries at most one
 * circuit at a time. A VLAN is free over an interval when it is usable in the trunk's
 * {@link VlanRange} and no booking of it overlaps the interval; a booking that ends when the
 * interval starts leaves it free, as intervals are half-open.
 *
 * <p>Built from the VLAN bookings of one trunk, read inside the transaction that locked it.
 */
public final class VlanAllocator {

    private final VlanRange range;
    private final Map<Integer, List<TimeInterval>> bookedByVlan = new HashMap<>();

    /**
     * @param range the VLANs circuits may use on the trunk
     * @param bookings every VLAN booking on the trunk that still holds its VLAN
     */
    public VlanAllocator(VlanRange range, Collection<VlanBooking> bookings) {
        this.range = Objects.requireNonNull(range, "range");
        for (VlanBooking booking : bookings) {
            bookedByVlan.computeIfAbsent(booking.vlan(), vlan -> new ArrayList<>()).add(booking.interval());
        }
    }

    /** Whether {@code vlan} may carry a new circuit over {@code interval}. */
    public boolean isFree(int vlan, TimeInterval interval) {
        if (!range.isUsable(vlan)) {
            return false;
        }
        for (TimeInterval booked : bookedByVlan.getOrDefault(vlan, List.of())) {
            if (booked.overlaps(interval)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The lowest VLAN free over {@code interval}, or empty when every VLAN of the range is
     * taken at some instant of it. Lowest, so that the choice is predictable for operators
     * and repeatable in tests.
     */
    public OptionalInt lowestFree(TimeInterval interval) {
        for (int vlan = range.first(); vlan <= range.last(); vlan++) {
            if (isFree(vlan, interval)) {
                return OptionalInt.of(vlan);
            }
        }
        return OptionalInt.empty();
    }
}
