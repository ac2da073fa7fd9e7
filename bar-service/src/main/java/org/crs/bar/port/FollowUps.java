package org.crs.bar.port;

import java.time.Instant;
import java.util.List;

import org.crs.bar.reservation.FollowUp;

/**
 * The follow-up calls a BAR still owes its parts (a release or an abort whose call did not get
 * through), kept until a controller answers; each attempt is leased to one replica.
 */
public interface FollowUps {

    /** Keeps follow-up calls; a follow-up of a booking id that is already kept replaces it. */
    void addFollowUps(List<FollowUp> followUps);

    /** The follow-ups due at {@code now}, soonest first. */
    List<FollowUp> dueFollowUps(Instant now, int limit);

    /** The follow-ups of a reservation still to be made. */
    List<FollowUp> followUps(String requestId);

    /**
     * Takes a follow-up's next attempt, if it is still due as {@code followUp} says: leases it
     * until {@code leaseUntil} and counts the attempt.
     *
     * @return whether this caller got it
     */
    boolean claimFollowUp(FollowUp followUp, Instant leaseUntil);

    /**
     * Ends a follow-up, or puts it off until {@code next}, recording {@code note} in its
     * reservation's history (in the reservation's current state).
     *
     * @param next when to try again; null when the controller answered and it is done
     */
    void followUpTried(FollowUp followUp, Instant next, String actor, String note, Instant at);
}
