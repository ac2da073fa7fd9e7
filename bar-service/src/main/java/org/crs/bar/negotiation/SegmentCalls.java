package org.crs.bar.negotiation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One call on each of several segments, made in parallel on the call executor, each to the
 * controller that books the segment; each controller bounds its own calls by its deadline.
 *
 * @param site the controllers of this site, found by the name a segment records
 * @param executor runs the calls; unbounded, since a task on it may wait for calls it starts on it
 */
public record SegmentCalls(Site site, ExecutorService executor) {

    private static final Logger LOG = LoggerFactory.getLogger(SegmentCalls.class);

    /** One call on one segment. */
    @FunctionalInterface
    public interface Call {
        SegmentAnswer on(SegmentController controller, Segment segment) throws SegmentFailure;
    }

    /**
     * What one call on one segment came to: the segment as answered (failure null), or the
     * failure with the segment as it was.
     */
    public record Outcome(Segment segment, SegmentFailure failure, String reason) {

        /** Whether the call succeeded and left the segment in {@code state}. */
        public boolean reached(SegmentState state) {
            return failure == null && segment.state() == state;
        }

        /** Whether the segment may hold resources after this: it answered, or it did not answer at all. */
        public boolean mayHold() {
            return failure == null || !failure.answered();
        }

        /** For histories: which segment, and what it answered or why the call failed. */
        public String describe() {
            if (failure != null) {
                return SegmentCalls.describe(segment, failure);
            }
            return label(segment) + " is " + segment.state() + (reason.isEmpty() ? "" : ": " + reason);
        }
    }

    /**
     * Runs the call on every segment in parallel and waits for all. The last segment's call runs
     * on this thread, which would otherwise only wait: one thread hand-off fewer per step.
     */
    public List<Outcome> onEvery(List<Segment> segments, Call call) {
        if (segments.isEmpty()) {
            return List.of();
        }
        List<CompletableFuture<Outcome>> others = new ArrayList<>();
        for (Segment s : segments.subList(0, segments.size() - 1)) {
            others.add(CompletableFuture.supplyAsync(() -> onOne(s, call), executor));
        }
        Outcome last = onOne(segments.get(segments.size() - 1), call);
        List<Outcome> outcomes = new ArrayList<>(others.stream().map(CompletableFuture::join).toList());
        outcomes.add(last);
        return outcomes;
    }

    /** The call on one segment. */
    public Outcome onOne(Segment s, Call call) {
        SegmentController controller = site.controller(s.controller()).orElse(null);
        if (controller == null) {
            return new Outcome(s, SegmentFailure.failed(s.controller(), "no such controller configured", null), "");
        }
        try {
            SegmentAnswer answer = call.on(controller, s);
            return new Outcome(s.with(answer), null, answer.reason());
        } catch (SegmentFailure e) {
            return new Outcome(s, e, "");
        } catch (RuntimeException e) {
            // A bug in a controller: reported as the segment's failure, with its trace in the log.
            LOG.warn("call on segment {} at {} failed", s.bookingId(), s.controller(), e);
            return new Outcome(s, SegmentFailure.failed(s.controller(), String.valueOf(e), e), "");
        }
    }

    /**
     * The refusal the calls that failed come to, told as {@code message}: the code of the first
     * controller that answered with a refusal (which says more than a silent one), else of the
     * first that failed.
     *
     * @throws IllegalArgumentException when no call failed
     */
    public static Refusal refusalOf(List<Outcome> outcomes, String message) {
        List<SegmentFailure> failures = outcomes.stream().map(Outcome::failure).filter(Objects::nonNull).toList();
        if (failures.isEmpty()) {
            throw new IllegalArgumentException("no call failed");
        }
        SegmentFailure first = failures.stream().filter(SegmentFailure::answered).findFirst().orElse(failures.get(0));
        return first.refusal().withMessage(message);
    }

    /** The segments as the calls left them. */
    public static List<Segment> segmentsOf(List<Outcome> outcomes) {
        return outcomes.stream().map(Outcome::segment).toList();
    }

    /** The descriptions of the calls that did not leave their segment in {@code state}. */
    public static List<String> notReached(List<Outcome> outcomes, SegmentState state) {
        return outcomes.stream().filter(o -> !o.reached(state)).map(Outcome::describe).toList();
    }

    /** The descriptions of the calls that failed. */
    public static List<String> failed(List<Outcome> outcomes) {
        return outcomes.stream().filter(o -> o.failure() != null).map(Outcome::describe).toList();
    }

    /** The segments with those that were called replaced by what they answered. */
    public static List<Segment> merge(List<Segment> segments, List<Outcome> answered) {
        List<Segment> out = new ArrayList<>(segments);
        for (Outcome o : answered) {
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).bookingId().equals(o.segment().bookingId())) {
                    out.set(i, o.segment());
                }
            }
        }
        return out;
    }

    /** For histories: which segment failed, and why. */
    public static String describe(Segment s, SegmentFailure e) {
        return label(s) + ": " + e.getMessage();
    }

    private static String label(Segment s) {
        return switch (s.role()) {
            case WAN -> "WAN segment";
            case LOCAL_CAMPUS -> "local campus segment";
            case REMOTE_CAMPUS -> "remote campus segment";
            case FAR_NETWORK -> "far network segment";
        };
    }
}
