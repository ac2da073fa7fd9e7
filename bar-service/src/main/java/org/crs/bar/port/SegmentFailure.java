package org.crs.bar.port;

import java.util.Objects;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusedException;
import org.crs.domain.refusal.RefusalCode;

/**
 * A controller refused a segment call (a SOAP fault: no capacity, bad input, wrong state) or
 * could not be asked (unreachable, no answer in time), as a {@link Refusal}: a refusal keeps the
 * code the controller answered; a controller that did not answer in time is
 * {@link RefusalCode#TIMEOUT}, one that could not be reached or read is
 * {@link RefusalCode#PROVIDER_SILENT}.
 */
public class SegmentFailure extends RefusedException {

    private static final long serialVersionUID = 1L;

    private final String controller;
    private final boolean answered;

    /**
     * @param controller the controller's name, as the BAR's configuration names it
     * @param answered true when the controller answered with a refusal, false when it did not answer
     * @param refusal what it said, or what went wrong reaching it
     */
    public SegmentFailure(String controller, boolean answered, Refusal refusal, Throwable cause) {
        this(controller, answered ? " refused: " : " did not answer: ", answered, refusal, cause);
    }

    private SegmentFailure(String controller, String how, boolean answered, Refusal refusal, Throwable cause) {
        super(controller + how + Objects.requireNonNull(refusal, "refusal").message(), refusal, cause);
        this.controller = controller;
        this.answered = answered;
    }

    /** The controller answered with a refusal. */
    public static SegmentFailure refused(String controller, Refusal refusal) {
        return new SegmentFailure(controller, true, refusal, null);
    }

    /** No answer before the call's deadline: {@link RefusalCode#TIMEOUT}. */
    public static SegmentFailure timedOut(String controller, String reason, Throwable cause) {
        return new SegmentFailure(controller, false, new Refusal(RefusalCode.TIMEOUT, controller, reason), cause);
    }

    /** No connection, or no answer that could be read: {@link RefusalCode#PROVIDER_SILENT}. */
    public static SegmentFailure silent(String controller, String reason, Throwable cause) {
        return new SegmentFailure(controller, false, new Refusal(RefusalCode.PROVIDER_SILENT, controller, reason), cause);
    }

    /**
     * The call went wrong for another reason than silence: an answer that could not be read, a
     * controller that is not configured, a fault in the controller itself. Said as that reason;
     * like silence, it does not tell whether the segment was booked ({@link RefusalCode#PROVIDER_SILENT}).
     */
    public static SegmentFailure failed(String controller, String reason, Throwable cause) {
        return new SegmentFailure(controller, " failed: ", false, new Refusal(RefusalCode.PROVIDER_SILENT, controller,
                reason), cause);
    }

    public String controller() {
        return controller;
    }

    /** False when the controller was down, unreachable, or slower than the call's timeout. */
    public boolean answered() {
        return answered;
    }
}
