package org.crs.nsi.contract.message;

import org.crs.domain.nsi.Stp;

/**
 * One STP of an explicit route ({@code ero}).
 *
 * @param order its place on the route
 * @param stp the STP
 */
public record OrderedStp(int order, Stp stp) {

    public OrderedStp {
        Checks.part(stp, "stp");
    }
}
