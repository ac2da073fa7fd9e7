package org.crs.nsap.port;

import java.util.Objects;

import org.crs.domain.access.SegmentOwner;

/**
 * The BARs that book segments at this service, asked whether a segment is still wanted: a
 * segment COMMITTED or ACTIVE that no live reservation wants (an orphan, as a forged or late
 * call leaves) is released.
 */
public interface BookingOwners {

    /** What the owner of a booking said. */
    enum Answer {
        /** A reservation that is not over has the segment. */
        WANTED,
        /** No live reservation has it: it may be released. */
        NOT_WANTED,
        /** The BAR did not answer: no connection, a timeout, a server fault or an answer that could not be read. */
        UNREACHABLE,
        /** The BAR refused the question (a Client fault): the booking id is not one of its. */
        REFUSED
    }

    /**
     * An answer and, for people, where it came from or why there was none.
     *
     * @param answer what the BAR said
     * @param detail the BAR asked, and the reason when it did not answer WANTED or NOT_WANTED
     */
    record Reply(Answer answer, String detail) {
        public Reply {
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** Asks the BAR of the booking's site whether it still wants the segment booked as {@code bookingId}. */
    Reply wanted(String bookingId);

    /**
     * Asks the BAR that owns the booking, as stored with it, whether it still wants the segment
     * booked as {@code bookingId}; an owner with no BAR recorded is asked about as
     * {@link #wanted(String)} does. By default: {@link #wanted(String)}, for owners that know one BAR.
     */
    default Reply wanted(String bookingId, SegmentOwner owner) {
        return wanted(bookingId);
    }
}
