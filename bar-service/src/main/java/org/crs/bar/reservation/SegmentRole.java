package org.crs.bar.reservation;

/** Which part of a circuit a segment is, and so who holds it. */
public enum SegmentRole {
    /** The campus at this BAR's site, held by this site's L-NSAP. */
    LOCAL_CAMPUS,
    /** The WAN between the sites' access points, held by the NSAP. */
    WAN,
    /** The campus at the other site, held by that site's BAR (which asks its own L-NSAP). */
    REMOTE_CAMPUS,
    /**
     * The part in another network, reached through a hand-off port of this campus and booked from
     * that network's NSI provider.
     */
    FAR_NETWORK
}
