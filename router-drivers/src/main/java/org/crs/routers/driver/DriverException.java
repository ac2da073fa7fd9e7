package org.crs.routers.driver;

import java.util.List;

/**
 * A router refused, failed, or did not answer. Says which router, which step, what the
 * router said, and in what state it was left. Never carries a credential.
 */
public class DriverException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String router;
    private final String step;
    private final String deviceAnswer;
    private final boolean restored;
    private final List<String> leftOnRouter;

    /**
     * @param router the router's inventory name
     * @param step the command or operation that failed
     * @param deviceAnswer what the router answered (its error text), or a description of the
     *     transport failure
     * @param restored true when the router is known to be in its pre-operation configuration
     * @param leftOnRouter what the failed operation left configured when not restored
     * @param cause the underlying exception, if any
     */
    public DriverException(String router, String step, String deviceAnswer, boolean restored,
                           List<String> leftOnRouter, Throwable cause) {
        super(message(router, step, deviceAnswer, restored, leftOnRouter), cause);
        this.router = router;
        this.step = step;
        this.deviceAnswer = deviceAnswer;
        this.restored = restored;
        this.leftOnRouter = List.copyOf(leftOnRouter);
    }

    /** A failure that changed nothing on the router. */
    public DriverException(String router, String step, String deviceAnswer, Throwable cause) {
        this(router, step, deviceAnswer, true, List.of(), cause);
    }

    private static String message(String router, String step, String answer, boolean restored, List<String> left) {
        StringBuilder m = new StringBuilder("router ").append(router).append(": '").append(step)
                .append("' failed: ").append(answer == null ? "" : answer.strip());
        if (restored) {
            m.append(" (router restored to its previous configuration)");
        } else if (!left.isEmpty()) {
            m.append(" (left on router: ").append(String.join("; ", left)).append(')');
        } else {
            m.append(" (router state unknown)");
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

    /** True when the router is known to be back in its configuration from before the call. */
    public boolean restored() {
        return restored;
    }

    /** What the failed call left configured on the router, when it could not restore it. */
    public List<String> leftOnRouter() {
        return leftOnRouter;
    }
}
