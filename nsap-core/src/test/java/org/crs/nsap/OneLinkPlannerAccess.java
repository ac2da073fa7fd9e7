package org.crs.nsap;

/** Lets tests in other packages use the one-link test network. */
public final class OneLinkPlannerAccess {

    private OneLinkPlannerAccess() {
    }

    public static ResourcePlanner planner() {
        return new OneLinkPlanner();
    }
}
