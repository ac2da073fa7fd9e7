package org.crs.domain.admission;

import org.crs.domain.vlan.VlanId;

/**
 * The VLAN numbers circuits may use on a trunk or at an access point, {@code first..last}
 * inclusive (the way IOS writes {@code vlan 1000-1999}).
 *
 * <p>VLAN 1 (the default VLAN) can never carry a circuit, so a range lies within 2..4094
 * ({@link VlanId}). IOS also reserves 1002..1005 for FDDI and Token Ring; a range may span them,
 * but {@link #isUsable} excludes them, so they are never handed out.
 *
 * @param first the lowest VLAN of the range
 * @param last the highest VLAN of the range, at least {@code first}
 */
public record VlanRange(int first, int last) {

    public VlanRange {
        if (first < VlanId.MIN_CIRCUIT || first > VlanId.MAX) {
            throw new IllegalArgumentException("first VLAN must be in " + VlanId.MIN_CIRCUIT + ".." + VlanId.MAX + ", was "
                    + first);
        }
        if (last < first || last > VlanId.MAX) {
            throw new IllegalArgumentException("last VLAN must be in " + first + ".." + VlanId.MAX + ", was " + last);
        }
    }

    /** Whether {@code vlan} is in {@code first..last}. */
    public boolean contains(int vlan) {
        return vlan >= first && vlan <= last;
    }

    /** Whether {@code vlan} is in the range and can carry a circuit (not one of IOS's reserved 1002..1005). */
    public boolean isUsable(int vlan) {
        return contains(vlan) && VlanId.canCarryCircuit(vlan);
    }

    /** As IOS writes it: {@code 1000-1999}. */
    @Override
    public String toString() {
        return first + "-" + last;
    }
}
