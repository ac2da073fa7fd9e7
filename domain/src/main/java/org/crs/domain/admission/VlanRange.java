package org.crs.domain.admission;

/**
 * The VLAN numbers circuits may use on a trunk or at an access point, {@code first..last}
 * inclusive (the way IOS writes {@code vlan 1000-1999}).
 *
 * <p>VLAN 1 (the default VLAN) and 4095 can never carry a circuit, so a range lies within
 * 2..4094. IOS also reserves 1002..1005 for FDDI and Token Ring; a range may span them, but
 * {@link #isUsable} excludes them, so they are never handed out.
 *
 * @param first the lowest VLAN of the range
 * @param last the highest VLAN of the range, at least {@code first}
 */
public record VlanRange(int first, int last) {

    public VlanRange {
        if (first < 2 || first > 4094) {
            throw new IllegalArgumentException("first VLAN must be in 2..4094, was " + first);
        }
        if (last < first || last > 4094) {
            throw new IllegalArgumentException("last VLAN must be in " + first + "..4094, was " + last);
        }
    }

    /** Whether {@code vlan} is in {@code first..last}. */
    public boolean contains(int vlan) {
        return vlan >= first && vlan <= last;
    }

    /** Whether {@code vlan} is in the range and not one of IOS's reserved 1002..1005. */
    public boolean isUsable(int vlan) {
        return contains(vlan) && !isReserved(vlan);
    }

    /** Whether IOS reserves {@code vlan} (1002..1005) so that no circuit may use it. */
    public static boolean isReserved(int vlan) {
        return vlan >= 1002 && vlan <= 1005;
    }

    /** As IOS writes it: {@code 1000-1999}. */
    @Override
    public String toString() {
        return first + "-" + last;
    }
}
