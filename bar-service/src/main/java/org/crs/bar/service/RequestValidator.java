package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;

import org.crs.bar.port.CircuitParts;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.domain.time.TimeInterval;

/** The rules a request must keep before anything is booked; each refusal names its field. */
record RequestValidator(Site site, BarSettings settings, Clock clock) {

    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    static final int MAX_DESCRIPTION = 2000;
    /** A start this far in the past is taken as "now" (clients' clocks differ a little). */
    private static final Duration START_GRACE = Duration.ofMinutes(1);

    static void checkRequestId(String requestId) throws BadRequest {
        if (requestId == null || !REQUEST_ID.matcher(requestId).matches()) {
            throw new BadRequest("requestId", "must be 1 to 64 letters, digits, '.', '_' or '-'");
        }
    }

    /** A fixed request: its ends, and a start and duration the BAR books. */
    void validate(ReservationRequest r) throws BadRequest {
        validateEnds(r);
        Instant now = clock.instant();
        TimeInterval interval = r.interval();
        if (interval.start().isBefore(now.minus(START_GRACE))) {
            throw new BadRequest("start", "must not be in the past, was " + interval.start());
        }
        if (interval.start().isAfter(now.plus(settings.maximumAdvance()))) {
            throw new BadRequest("start", "must be within " + settings.maximumAdvance().toDays() + " days, was "
                    + interval.start());
        }
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, was " + interval.duration().toSeconds() + " s");
        }
    }

    /** A flexible request's window: the search checks the rest (how far ahead, how long). */
    void validateFlexible(ReservationRequest r) throws BadRequest {
        validateEnds(r);
        if (r.timing() instanceof Timing.InWindow w) {
            checkWindow(w.window());
            if (w.duration().compareTo(settings.minimumDuration()) < 0) {
                throw new BadRequest("durationSeconds", "must be at least " + settings.minimumDuration().toSeconds()
                        + " s, was " + w.duration().toSeconds() + " s");
            }
            if (w.duration().compareTo(w.window().duration()) > 0) {
                throw new BadRequest("durationSeconds", "is longer than the window " + w.window());
            }
        } else if (r.timing() instanceof Timing.Transfer t) {
            checkWindow(t.window());
            if (t.volumeMegabytes() <= 0) {
                throw new BadRequest("volumeMegabytes", "must be positive, was " + t.volumeMegabytes());
            }
        } else {
            throw new IllegalArgumentException("not a flexible request: " + r.timing());
        }
    }

    private void checkWindow(TimeInterval window) throws BadRequest {
        if (!window.end().isAfter(clock.instant())) {
            throw new BadRequest("end", "the window must not be over, was " + window);
        }
    }

    /** What fixed and flexible requests share: the id, the ends, the bandwidth and the description. */
    private void validateEnds(ReservationRequest r) throws BadRequest {
        checkRequestId(r.requestId());
        CircuitParts.of(site, r.source(), r.destination()); // the ends make a circuit from this site
        if (r.bandwidthMbps() <= 0) {
            throw new BadRequest("bandwidthMbps", "must be a positive number of Mbit/s, was " + r.bandwidthMbps());
        }
        if (r.description().length() > MAX_DESCRIPTION) {
            throw new BadRequest("description", "must be at most " + MAX_DESCRIPTION + " characters");
        }
    }

    /** Whether a repeated request id asks for the same thing (then it answers the same reservation). */
    static boolean sameRequest(ReservationRequest a, ReservationRequest b) {
        return a.source().equals(b.source()) && a.destination().equals(b.destination()) && a.timing().equals(b.timing())
                && a.holdOnly() == b.holdOnly() && a.provisioning() == b.provisioning()
                && a.sourceVlan() == b.sourceVlan() && a.destinationVlan() == b.destinationVlan();
    }
}
