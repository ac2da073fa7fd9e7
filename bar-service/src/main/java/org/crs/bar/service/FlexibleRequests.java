package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.domain.availability.SlotChoice;
import org.crs.domain.availability.SlotChoice.Slot;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the availability search meets booking: the slot a flexible request takes
 * ({@link SlotChoice}), why none fits, and the next free start times a refusal offers.
 */
record FlexibleRequests(AvailabilitySearch availability, BarSettings settings, Clock clock) {

    private static final Logger LOG = LoggerFactory.getLogger(FlexibleRequests.class);

    /** How many bandwidths a transfer compares, from the most it allows down. */
    private static final int TRANSFER_BANDWIDTHS = 6;
    /** How far after a refused start a refusal looks for free start times. */
    static final Duration SUGGESTION_HORIZON = Duration.ofDays(7);
    private static final int SUGGESTIONS = 3;

    /**
     * The slot a flexible request books: for a window, the earliest start at its bandwidth; for a
     * transfer, the bandwidth that finishes first.
     */
    Optional<Slot> chooseSlot(ReservationRequest request) throws SegmentFailure, BadRequest {
        TimeInterval window = window(request.timing());
        SlotChoice.EarliestStart<Exception> search = (mbps, duration) -> availability.find(request.source(),
                request.destination(), mbps, duration, window).starts().earliest();
        try {
            if (request.timing() instanceof Timing.Transfer t) {
                Instant from = window.start().isAfter(clock.instant()) ? window.start() : clock.instant();
                return SlotChoice.fastestTransfer(t.requestedMbps(), mbps -> transferTime(t, mbps), window, from,
                        TRANSFER_BANDWIDTHS, search);
            }
            return SlotChoice.earliest(request.timing().requestedMbps(), duration(request.timing()), search);
        } catch (SegmentFailure | BadRequest | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("unexpected failure of the availability search", e);
        }
    }

    /** The window a flexible request lies in. */
    private static TimeInterval window(Timing timing) {
        if (timing instanceof Timing.InWindow w) {
            return w.window();
        }
        if (timing instanceof Timing.Transfer t) {
            return t.window();
        }
        throw new IllegalArgumentException("not a flexible request: " + timing);
    }

    /** How long a flexible request's circuit runs at the bandwidth it asked. */
    private Duration duration(Timing timing) {
        return timing instanceof Timing.Transfer t ? transferTime(t, t.requestedMbps()) : ((Timing.InWindow) timing).duration();
    }

    /** A transfer's duration at {@code mbps}, at least the shortest reservation. */
    private Duration transferTime(Timing.Transfer t, long mbps) {
        Duration takes = t.transferTime(mbps);
        return takes.compareTo(settings.minimumDuration()) < 0 ? settings.minimumDuration() : takes;
    }

    /** Why no slot fits, with the most bandwidth that is free for the duration. */
    String noSlotReason(ReservationRequest request) throws SegmentFailure, BadRequest {
        Timing timing = request.timing();
        TimeInterval window = window(timing);
        Duration duration = duration(timing);
        boolean transfer = timing instanceof Timing.Transfer;
        AvailabilitySearch.Answer answer = availability.find(request.source(), request.destination(), timing.requestedMbps(),
                duration, window);
        return "no slot in " + window + ": " + timing.requestedMbps() + " Mbit/s for " + duration.toSeconds()
                + " s is not free end to end at any start time" + (transfer ? " (nor any lower bandwidth that finishes in time)" : "")
                + "; the most free for " + duration.toSeconds() + " s: " + answer.maxBandwidthMbps() + " Mbit/s";
    }

    /** What a flexible request asked, for its first history entry. */
    static String describe(ReservationRequest r) {
        if (r.timing() instanceof Timing.Transfer t) {
            return "requested " + t.volumeMegabytes() + " MB " + r.source() + " -> " + r.destination() + " within "
                    + t.window() + " at up to " + t.requestedMbps() + " Mbit/s";
        }
        Timing.InWindow w = (Timing.InWindow) r.timing();
        return "requested " + w.requestedMbps() + " Mbit/s " + r.source() + " -> " + r.destination() + " for "
                + w.duration().toSeconds() + " s within " + w.window();
    }

    /**
     * For a refusal: the next few start times, within {@link #SUGGESTION_HORIZON} of the refused
     * start, at which the same circuit can be booked; empty when the search finds none or fails.
     */
    String nextFreeStarts(ReservationRequest request) {
        TimeInterval asked = request.interval();
        try {
            AvailabilitySearch.Answer answer = availability.find(request.source(), request.destination(),
                    request.bandwidthMbps(), asked.duration(), new TimeInterval(asked.start(),
                            asked.start().plus(SUGGESTION_HORIZON).plus(asked.duration())));
            List<StartWindow> windows = answer.starts().windows();
            if (windows.isEmpty()) {
                return "; no start time within " + SUGGESTION_HORIZON.toDays() + " days has " + request.bandwidthMbps()
                        + " Mbit/s (the most free: " + answer.maxBandwidthMbps() + " Mbit/s)";
            }
            List<String> offers = new ArrayList<>();
            for (StartWindow w : windows.subList(0, Math.min(SUGGESTIONS, windows.size()))) {
                offers.add(w.earliest().equals(w.latest()) ? w.earliest().toString()
                        : "from " + w.earliest() + " to " + w.latest());
            }
            return "; free start times: " + String.join(", ", offers);
        } catch (SegmentFailure | BadRequest | RuntimeException e) {
            LOG.info("no free start times for the refusal of {}: {}", request.requestId(), e.getMessage());
            return "";
        }
    }
}
