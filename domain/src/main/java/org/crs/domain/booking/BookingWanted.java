package org.crs.domain.booking;

/**
 * What the BAR that made a booking answers when a service holding one of its segments asks
 * whether the segment is still wanted: a service releases a committed or active segment that
 * its BAR no longer wants (an orphan, as a forged or late call leaves).
 */
public enum BookingWanted {
    /** A reservation that is not over has the segment under this booking id. */
    WANTED,
    /** No reservation has it, or the one that had it is over: the segment may be released. */
    NOT_WANTED
}
