package org.crs.nsi.contract.message;

import java.util.List;
import java.util.Optional;

import org.crs.domain.nsi.Stp;

/**
 * The point-to-point service ({@code p2p:p2ps}): an Ethernet circuit between two STPs. In a
 * request an STP's label may be a range ("choose one"); in a confirmation each end has one VLAN.
 *
 * @param capacityMbps Mbit/s, not negative
 * @param directionality both ways or one
 * @param symmetricPath whether both directions must take the same path, when said
 * @param sourceStp one end
 * @param destStp the other end
 * @param ero the explicit route, in order; usually empty
 * @param parameters further typed parameters, in order
 */
public record P2ps(long capacityMbps, Directionality directionality, Optional<Boolean> symmetricPath, Stp sourceStp,
        Stp destStp, List<OrderedStp> ero, List<TypedValue> parameters) {

    public P2ps {
        if (capacityMbps < 0) {
            throw new IllegalArgumentException("capacity is Mbit/s, not negative, was " + capacityMbps);
        }
        Checks.part(directionality, "directionality");
        Checks.optional(symmetricPath, "symmetricPath");
        Checks.part(sourceStp, "sourceSTP");
        Checks.part(destStp, "destSTP");
        ero = List.copyOf(ero);
        parameters = List.copyOf(parameters);
    }

    /** A bidirectional service between two STPs, nothing else said. */
    public static P2ps between(Stp source, Stp dest, long capacityMbps) {
        return new P2ps(capacityMbps, Directionality.BIDIRECTIONAL, Optional.empty(), source, dest, List.of(), List.of());
    }
}
