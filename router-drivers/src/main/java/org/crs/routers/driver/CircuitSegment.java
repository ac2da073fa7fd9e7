package org.crs.routers.driver;

/**
 * The part of one circuit that lives on one router.
 *
 * <p>Names on the router are derived from {@link #circuitId()}: circuit {@code 42} becomes
 * VLAN name and policy-map {@code LP-42} / {@code LP-42-IN}, so an operator reading a
 * router's configuration can tell which booking each line belongs to.
 */
public sealed interface CircuitSegment permits CampusSegment, PseudowireSegment {

    /** The circuit's number; positive, unique across the network. */
    long circuitId();

    /** The booked rate in bit/s, enforced by an ingress policer. */
    long rateBps();

    /** The name stem used on the router, for example {@code LP-42}. */
    default String label() {
        return "LP-" + circuitId();
    }

    /** The ingress policy-map's name, for example {@code LP-42-IN}. */
    default String policyName() {
        return label() + "-IN";
    }
}
