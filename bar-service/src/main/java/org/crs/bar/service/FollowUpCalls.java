package org.crs.bar.service;

import java.time.Duration;
import java.time.Instant;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The follow-ups of {@link DueWork}: an abort or release that did not reach its part after the
 * reservation moved on, tried again until the part answers. Each attempt is leased, so two
 * replicas never make it twice at once.
 */
final class FollowUpCalls {

    private static final Logger LOG = LoggerFactory.getLogger(DueWork.class);

    private final Recorder recorder;
    private final Negotiation negotiation;
    private final BarSettings.Retries retries;

    FollowUpCalls(Recorder recorder, Negotiation negotiation, BarSettings.Retries retries) {
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.retries = retries;
    }

    /** Tries a follow-up again, unless another replica took it; done once its controller answers. */
    void tryAgain(FollowUp f) {
        ReservationStore store = recorder.store();
        if (!store.claimFollowUp(f, lease())) {
            return;
        }
        int attempt = f.attempts() + 1;
        String call = (f.action() == FollowUp.Action.ABORT ? "abort" : "release") + " of " + f.bookingId() + " at "
                + f.controller();
        SegmentController controller = negotiation.calls().site().controller(f.controller()).orElse(null);
        Instant now = recorder.now();
        if (controller == null) {
            LOG.error("{}: no such controller is configured any more; dropped", call);
            store.followUpTried(f, null, ReservationService.SCHEDULER, call + ": no such controller is configured; dropped", now);
            return;
        }
        try {
            SegmentAnswer a = f.action() == FollowUp.Action.ABORT ? controller.abort(f.bookingId(), f.reason())
                    : controller.deactivate(f.bookingId());
            if (a.state() == SegmentState.DEACTIVATING || a.state() == SegmentState.ACTIVATING) {
                // under way at its service (after a restart there): asked again until it settles
                Instant next = recorder.now().plus(retries.pauseAfter(attempt));
                store.followUpTried(f, next, ReservationService.SCHEDULER, call + " answered " + a.state()
                        + " (attempt " + attempt + "); asking again at " + next, recorder.now());
                return;
            }
            LOG.info("{} answered {} (attempt {})", call, a.state(), attempt);
            store.followUpTried(f, null, ReservationService.SCHEDULER, call + " answered " + a.state() + " (attempt "
                    + attempt + ")", recorder.now());
        } catch (SegmentFailure e) {
            if (e.answered()) {
                LOG.info("{} refused (attempt {}): {}", call, attempt, e.getMessage());
                store.followUpTried(f, null, ReservationService.SCHEDULER, call + " refused, so it holds nothing to free"
                        + " (attempt " + attempt + "): " + e.getMessage(), recorder.now());
                return;
            }
            // A part whose database is restarting answers at once: asked again after the first pause.
            Duration pause = e.refusal().code() == RefusalCode.STORE_UNAVAILABLE ? retries.pause()
                    : retries.pauseAfter(attempt);
            Instant next = recorder.now().plus(pause);
            LOG.warn("{} not reached (attempt {}): {}; trying again at {}", call, attempt, e.getMessage(), next);
            store.followUpTried(f, next, ReservationService.SCHEDULER, call + " not reached (attempt " + attempt + "): "
                    + e.getMessage() + "; trying again at " + next, recorder.now());
        }
    }

    private Instant lease() {
        return recorder.now().plus(retries.lease());
    }
}
