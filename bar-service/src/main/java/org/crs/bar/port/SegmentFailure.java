package org.crs.bar.port;

/**
 * A controller refused a segment call (a SOAP fault: no capacity, bad input, wrong state) or
 * could not be asked (unreachable, no answer in time).
 */
public class SegmentFailure extends Exception {

    private final String controller;
    private final boolean answered;

    /**
     * @param controller the controller's name, as the BAR's configuration names it
     * @param answered true when the controller answered with a refusal, false when it did not answer
     * @param reason what it said, or what went wrong reaching it
     */
    public SegmentFailure(String controller, boolean answered, String reason, Throwable cause) {
        super(controller + (answered ? " refused: " : " did not answer: ") + reason, cause);
        this.controller = controller;
        this.answered = answered;
    }

    public String controller() {
        return controller;
    }

    /** False when the controller was down, unreachable, or slower than the call's timeout. */
    public boolean answered() {
        return answered;
    }
}
