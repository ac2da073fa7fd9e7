package org.crs.routers.driver;

import java.util.List;

/**
 * How much of a segment a router carries, read from its configuration.
 *
 * @param status whether the segment is absent, partly there, or fully there
 * @param present the elements found, in words an operator knows ("vlan 1234", "policy-map LP-42-IN")
 * @param missing the elements not found
 */
public record SegmentState(Status status, List<String> present, List<String> missing) {

    public enum Status { ABSENT, PARTIAL, PRESENT }

    public SegmentState {
        present = List.copyOf(present);
        missing = List.copyOf(missing);
    }

    /** Derives the status from which elements are present and which are missing. */
    public static SegmentState of(List<String> present, List<String> missing) {
        Status status = missing.isEmpty() ? Status.PRESENT : present.isEmpty() ? Status.ABSENT : Status.PARTIAL;
        return new SegmentState(status, present, missing);
    }
}
