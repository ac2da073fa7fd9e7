package org.crs.routers.driver;

import java.util.List;
import java.util.Objects;

/**
 * A router refused, failed, or did not answer. Says which router, which step, what the
 * router said, and in what state it was left ({@link #routerLeft()}). Never carries a
 * credential.
 */
public class DriverException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What the failed call left on the router, as far as the driver could tell. */
    public enum RouterLeft {
        /**
         * The call changed nothing: it only reads (state, counters), or it failed before its
         * first change (a resource check refused, the login failed).
         */
        UNCHANGED,
        /** The call changed the router, then put its configuration back as it was before the call. */
        RESTORED,
        /**
         * A tear-down removed all of the segment's configuration, but saving it failed: the
         * startup configuration still holds the segment, which comes back if the router reloads.
         */
        REMOVED_NOT_SAVED,
        /** Some configuration of the call stays on the router: {@link #leftOnRouter()} lists it. */
        CHANGED,
        /** The driver could not read the router back, so its state is not known. */
        UNKNOWN
    }

    private final String router;
    private final String step;
    private final String deviceAnswer;
    private final RouterLeft routerLeft;
    private final List<String> leftOnRouter;

    /**
     * @param router the router's inventory name
     * @param step the command or operation that failed
     * @param deviceAnswer what the router answered (its error text), or a description of the
     *     transport failure
     * @param routerLeft what the failed call left on the router
     * @param leftOnRouter what the failed operation left configured, when {@code CHANGED}
     * @param cause the underlying exception, if any
     */
    public DriverException(String router, String step, String deviceAnswer, RouterLeft routerLeft,
                           List<String> leftOnRouter, Throwable cause) {
        super(message(router, step, deviceAnswer, routerLeft, leftOnRouter), cause);
        this.router = router;
        this.step = step;
        this.deviceAnswer = deviceAnswer;
        this.routerLeft = Objects.requireNonNull(routerLeft, "routerLeft");
        this.leftOnRouter = List.copyOf(leftOnRouter);
    }

    /**
     * @param restored true when the router is known to be back in its pre-operation
     *     configuration ({@link RouterLeft#RESTORED}); false makes it {@code CHANGED} when
     *     {@code leftOnRouter} lists something, else {@code UNKNOWN}
     */
    public DriverException(String router, String step, String deviceAnswer, boolean restored,
                           List<String> leftOnRouter, Throwable cause) {
        this(router, step, deviceAnswer, restored ? RouterLeft.RESTORED
                : leftOnRouter.isEmpty() ? RouterLeft.UNKNOWN : RouterLeft.CHANGED, leftOnRouter, cause);
    }

    /** A failure that changed nothing on the router ({@link RouterLeft#UNCHANGED}). */
    public DriverException(String router, String step, String deviceAnswer, Throwable cause) {
        this(router, step, deviceAnswer, RouterLeft.UNCHANGED, List.of(), cause);
    }

    private static String message(String router, String step, String answer, RouterLeft left, List<String> what) {
        StringBuilder m = new StringBuilder("router ").append(router).append(": '").append(step)
                .append("' failed: ").append(answer == null ? "" : answer.strip());
        switch (left) {
            case UNCHANGED -> m.append(" (nothing was changed on the router)");
            case RESTORED -> m.append(" (router restored to its previous configuration)");
            case REMOVED_NOT_SAVED -> m.append(" (the configuration is removed from the router but not saved:"
                    + " the startup configuration still holds it)");
            case CHANGED -> m.append(" (left on router: ").append(String.join("; ", what)).append(')');
            default -> m.append(" (router state unknown)");
        }
        return m.toString();
    }

    public String router() {
        return router;
    }

    public String step() {
        return step;
    }

    public String deviceAnswer() {
        return deviceAnswer;
    }

    /** What the failed call left on the router. */
    public RouterLeft routerLeft() {
        return routerLeft;
    }

    /**
     * True when the router is known to be in its configuration from before the call: the
     * call changed nothing, or it restored what it changed.
     */
    public boolean restored() {
        return routerLeft == RouterLeft.UNCHANGED || routerLeft == RouterLeft.RESTORED;
    }

    /** What the failed call left configured on the router, when it could not restore it. */
    public List<String> leftOnRouter() {
        return leftOnRouter;
    }
}
