package org.crs.bar.api.soap;

import java.util.Calendar;

/** One entry of a reservation's history. */
public class HistoryEntry {

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
