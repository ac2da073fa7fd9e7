package org.crs.demo;

import java.util.ArrayList;
import java.util.List;

/** Stops what a federation or a domain started, last started first ({@link Federation}, {@link NsiDomain}). */
final class StopInReverse {

    private StopInReverse() {
    }

    /**
     * Empties {@code running} (under its own lock, as the starters add to it) and closes each of
     * them, last added first; a failure to stop one is printed with {@code what} and the others
     * are still stopped.
     */
    static void stop(List<AutoCloseable> running, String what) {
        List<AutoCloseable> toStop;
        synchronized (running) {
            toStop = new ArrayList<>(running);
            running.clear();
        }
        for (int i = toStop.size() - 1; i >= 0; i--) {
            try {
                toStop.get(i).close();
            } catch (Exception e) {
                System.err.println("stopping " + what + ": " + e);
            }
        }
    }
}
