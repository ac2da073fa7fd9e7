package org.crs.nsap.port;

import org.crs.service.db.StoreException;

/** Another call stored a segment with the same booking id first. */
public final class DuplicateBooking extends StoreException {

    private static final long serialVersionUID = 1L;

    public DuplicateBooking(String bookingId, Throwable cause) {
        super("booking " + bookingId + " already exists", cause);
    }
}
