package org.crs.bar.api.soap;

import java.util.Calendar;

import org.crs.domain.reservation.ReservationTransition;
import org.crs.service.soap.SoapTimes;

/** One entry of a reservation's history. */
public class HistoryEntry {

    /** A recorded move as the port types answer it (static: no bean property, no operation). */
    public static HistoryEntry of(ReservationTransition t) {
        HistoryEntry e = new HistoryEntry();
        e.setFromState(t.from() == null ? "" : t.from().name());
        e.setToState(t.to().name());
        e.setActor(t.actor());
        e.setReason(t.reason());
        e.setAt(SoapTimes.calendar(t.at()));
        return e;
    }

    private String fromState;
    private String toState;
    private String actor;
    private String reason;
    private Calendar at;

    /** The state before; empty for the creation. */
    public String getFromState() {
        return fromState;
    }

    public void setFromState(String fromState) {
        this.fromState = fromState;
    }

    /** The state after (the same as before for a modify). */
    public String getToState() {
        return toState;
    }

    public void setToState(String toState) {
        this.toState = toState;
    }

    /** Who made the change. */
    public String getActor() {
        return actor;
    }

    public void setActor(String actor) {
        this.actor = actor;
    }

    /** Why. */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /** When, UTC. */
    public Calendar getAt() {
        return at;
    }

    public void setAt(Calendar at) {
        this.at = at;
    }
}
