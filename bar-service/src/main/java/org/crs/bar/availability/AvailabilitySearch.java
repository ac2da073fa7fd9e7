package org.crs.bar.availability;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;

import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.port.CircuitParts;
import org.crs.bar.port.CircuitParts.Part;

/**
 * "When can I have it?": the start times at which a whole circuit can be booked. Each part is
 * asked in parallel for its own start times, and the answers are intersected:
 * <ul>
 *   <li>between two sites, the NSAP (the WAN, over any of its paths), this site's L-NSAP (the
 *       host's port and the uplink) and the peer BAR of the other site (its campus);</li>
 *   <li>between two hosts of this site, the L-NSAP alone.</li>
 * </ul>
 * The parts are asked about the time their routers carry the circuit, [start − setUpLead,
 * end + tearDownAllowance), as a booking would hold them; the answer is in circuit start
 * times.
 *
 * <p>When the requested bandwidth has no start time, the answer also gives the most bandwidth
 * some start time in the window has: each part names the most it could carry on its own, the
 * least of those is tried, and when the parts' free times do not line up at it, a binary
 * search over Mbit/s finds the most they carry together.
 *
 * <p>A search books nothing: a slot found may be taken before it is booked.
 */
public final class AvailabilitySearch {

    /** The longest window a search may cover. */
    private static final Duration LONGEST_WINDOW = Duration.ofDays(31);

    private final Site site;
    private final BarSettings settings;
    private final ExecutorService calls;
    private final Clock clock;

    public AvailabilitySearch(Site site, BarSettings settings, ExecutorService calls, Clock clock) {
        this.site = Objects.requireNonNull(site, "site");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.calls = Objects.requireNonNull(calls, "calls");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * What a search found.
     *
     * @param starts the circuit start times in the window at which the requested bandwidth can
     *     be booked for the whole duration
     * @param maxBandwidthMbps the requested bandwidth when {@code starts} is not empty; otherwise
     *     the most bandwidth some start time in the window has for the duration (0: none)
     */
    public record Answer(StartTimes starts, long maxBandwidthMbps) {

        public Answer {
            Objects.requireNonNull(starts, "starts");
        }
    }

    /**
     * The start times at which a circuit of {@code mbps} from {@code source} to
     * {@code destination} can run for {@code duration} inside {@code window} (it starts at or
     * after the window's start, at the earliest now, and ends by the window's end).
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked (down, too slow, or refusing the question)
     */
    public Answer find(Endpoint source, Endpoint destination, long mbps, Duration duration, TimeInterval window)
            throws BadRequest, SegmentFailure {
        List<Part> parts = CircuitParts.of(site, source, destination);
        if (mbps <= 0) {
            throw new BadRequest("bandwidthMbps", "must be a positive number of Mbit/s, was " + mbps);
        }
        if (duration == null || duration.compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("durationSeconds", "must be at least " + settings.minimumDuration().toSeconds() + " s, was "
                    + (duration == null ? "missing" : duration.toSeconds() + " s"));
        }
        if (window.duration().compareTo(LONGEST_WINDOW) > 0) {
            throw new BadRequest("end", "the window may be at most " + LONGEST_WINDOW.toDays() + " days long, was "
                    + window.duration().toDays() + " days");
        }
        Instant now = clock.instant();
        if (window.start().isAfter(now.plus(settings.maximumAdvance()))) {
            throw new BadRequest("start", "must be within " + settings.maximumAdvance().toDays() + " days, was "
                    + window.start());
        }
        Instant earliest = window.start().isBefore(now) ? now : window.start();
        Instant latest = window.end().minus(duration);
        if (latest.isBefore(earliest)) {
            if (window.duration().compareTo(duration) < 0) {
                throw new BadRequest("durationSeconds", "is longer than the window, " + window);
            }
            return new Answer(StartTimes.none(), 0); // the window is over, or ends too soon from now
        }
        StartTimes starts = startTimes(parts, mbps, duration, earliest, latest);
        if (!starts.isEmpty()) {
            return new Answer(starts, mbps);
        }
        return new Answer(starts, widest(parts, duration, earliest, latest));
    }

    /**
     * The most bandwidth a circuit from {@code source} to {@code destination} could be booked
     * with over [start, start + duration); 0 when none. One point of the line the browser draws
     * beside the free start times.
     *
     * @throws BadRequest for unknown endpoints
     * @throws SegmentFailure when a part cannot be asked
     */
    public long widestAt(Endpoint source, Endpoint destination, Instant start, Duration duration)
            throws BadRequest, SegmentFailure {
        List<Part> parts = CircuitParts.of(site, source, destination);
        return widest(parts, duration, start, start);
    }

    // ---- asking them ----

    /** Circuit start times in [earliest, latest] at which every part has {@code mbps}, intersected. */
    private StartTimes startTimes(List<Part> parts, long mbps, Duration duration, Instant earliest, Instant latest)
            throws SegmentFailure {
        SlotQuery query = segmentQuery(mbps, duration, earliest, latest);
        List<StartTimes> answers = askAll(parts, p -> p.controller().availability(p.source(), p.destination(), query));
        StartTimes all = null;
        for (StartTimes s : answers) {
            all = all == null ? s : all.intersect(s);
        }
        return all.shift(settings.setUpLead()).onOrAfter(earliest);
    }

    /** The most bandwidth every part carries together at some start time; 0 when none. */
    private long widest(List<Part> parts, Duration duration, Instant earliest, Instant latest) throws SegmentFailure {
        SlotQuery span = segmentQuery(1, duration, earliest, latest);
        List<Long> each = askAll(parts, p -> p.controller().widest(p.source(), p.destination(), span.duration(),
                span.earliestStart(), span.latestStart()));
        long high = each.stream().mapToLong(Long::longValue).min().orElse(0);
        if (high <= 0 || !startTimes(parts, high, duration, earliest, latest).isEmpty()) {
            return Math.max(0, high);
        }
        // The parts' free times do not line up at the least of their widths: search below it.
        long low = 0; // fits (0 always does)
        high = high - 1; // may fit
        while (low < high) {
            long middle = low + (high - low + 1) / 2;
            if (startTimes(parts, middle, duration, earliest, latest).isEmpty()) {
                high = middle - 1;
            } else {
                low = middle;
            }
        }
        return low;
    }

    /** The query the parts answer: the time their routers carry a circuit starting in [earliest, latest]. */
    private SlotQuery segmentQuery(long mbps, Duration duration, Instant earliest, Instant latest) {
        return new SlotQuery(mbps, duration.plus(settings.setUpLead()).plus(settings.tearDownAllowance()),
                earliest.minus(settings.setUpLead()), latest.minus(settings.setUpLead()));
    }

    @FunctionalInterface
    private interface Question<T> {
        T ask(Part part) throws SegmentFailure;
    }

    /** Asks every part in parallel; the first part that could not answer (in part order) fails the whole. */
    private <T> List<T> askAll(List<Part> parts, Question<T> question) throws SegmentFailure {
        List<CompletableFuture<T>> pending = new ArrayList<>();
        for (Part p : parts) {
            pending.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return question.ask(p);
                } catch (SegmentFailure e) {
                    throw new CompletionException(e);
                }
            }, calls));
        }
        List<T> answers = new ArrayList<>();
        for (CompletableFuture<T> f : pending) {
            try {
                answers.add(f.join());
            } catch (CompletionException e) {
                if (e.getCause() instanceof SegmentFailure failure) {
                    throw failure;
                }
                throw e;
            }
        }
        return answers;
    }
}
