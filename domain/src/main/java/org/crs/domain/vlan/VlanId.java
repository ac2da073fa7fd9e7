package org.crs.domain.vlan;

/**
 * An IEEE 802.1Q VLAN id, 1..4094 (0 and 4095 are reserved by the standard). The rules about
 * VLAN numbers live here and nowhere else.
 *
 * <p>Not every VLAN can carry a circuit: VLAN 1 is every switch's default VLAN, and IOS
 * reserves 1002..1005 for FDDI and Token Ring ({@link #canCarryCircuit()}).
 *
 * @param value the id
 */
public record VlanId(int value) implements Comparable<VlanId> {

    /** The lowest VLAN id. */
    public static final int MIN = 1;
    /** The highest VLAN id. */
    public static final int MAX = 4094;
    /** The lowest VLAN id a circuit can use. */
    public static final int MIN_CIRCUIT = 2;
    /** The first VLAN IOS reserves (FDDI and Token Ring defaults, 1002..1005). */
    public static final int FIRST_RESERVED = 1002;
    /** The last VLAN IOS reserves. */
    public static final int LAST_RESERVED = 1005;

    /**
     * @throws IllegalArgumentException if {@code value} is not in 1..4094
     */
    public VlanId {
        if (value < MIN || value > MAX) {
            throw new IllegalArgumentException("a VLAN id is in " + MIN + ".." + MAX + ", was " + value);
        }
    }

    /** Whether {@code value} is a VLAN id at all (1..4094). */
    public static boolean isValid(int value) {
        return value >= MIN && value <= MAX;
    }

    /** Whether {@code value} is a VLAN a circuit can use: 2..4094 but not 1002..1005. */
    public static boolean canCarryCircuit(int value) {
        return isValid(value) && new VlanId(value).canCarryCircuit();
    }

    /**
     * The VLAN a circuit is to use.
     *
     * @throws IllegalArgumentException naming {@code what} when it cannot carry a circuit
     */
    public static VlanId forCircuit(int value, String what) {
        if (!canCarryCircuit(value)) {
            throw new IllegalArgumentException(what + " must be a VLAN in " + CIRCUIT_RANGE + ", was " + value);
        }
        return new VlanId(value);
    }

    /** The VLANs a circuit can use, for messages. */
    public static final String CIRCUIT_RANGE = MIN_CIRCUIT + ".." + MAX + " other than " + FIRST_RESERVED + ".."
            + LAST_RESERVED;

    /** Whether IOS reserves it (1002..1005). */
    public boolean isReserved() {
        return value >= FIRST_RESERVED && value <= LAST_RESERVED;
    }

    /** Whether a circuit can use it: not the default VLAN 1 and not reserved. */
    public boolean canCarryCircuit() {
        return value >= MIN_CIRCUIT && !isReserved();
    }

    @Override
    public int compareTo(VlanId other) {
        return Integer.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Integer.toString(value);
    }
}
