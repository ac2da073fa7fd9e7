package org.crs.nsap.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.crs.domain.access.SegmentOwner;
import org.crs.nsap.port.BookingOwners;
import org.crs.nsap.service.SegmentService;
import org.crs.service.monitoring.Health;

/**
 * The orphan sweep's rounds, as {@code /health} reports them ({@code orphan sweep}): DEGRADED
 * while the last round left segments unanswered, naming why (a BAR that refuses this service's
 * certificate, NOT_SIGNED_IN, one that cannot be reached). A sweep that cannot be answered
 * releases nothing and would otherwise only say so in the log.
 */
final class OrphanSweepHealth {

    /** How many distinct reasons a report names. */
    static final int REASONS_SHOWN = 3;

    /** One round: when it ended, how many segments were asked about, released, and why some were not answered. */
    record Round(Instant at, int asked, int released, int unanswered, List<String> reasons) {
        Round {
            Objects.requireNonNull(at, "at");
            reasons = List.copyOf(reasons);
        }
    }

    private final BookingOwners owners;
    private final Duration every;
    private final Clock clock;
    private volatile Round last;

    /**
     * @param owners the BARs asked
     * @param every how often a round runs, for the report before the first
     */
    OrphanSweepHealth(BookingOwners owners, Duration every, Clock clock) {
        this.owners = Objects.requireNonNull(owners, "owners");
        this.every = Objects.requireNonNull(every, "every");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Runs one round of {@code service}'s sweep over segments unchanged for {@code age}, and keeps what it found. */
    SegmentService.Orphans run(SegmentService service, Duration age) {
        List<String> reasons = Collections.synchronizedList(new ArrayList<>());
        // Both questions pass through to the BARs, so that the sweep asks the stored owner's BAR.
        SegmentService.Orphans o = service.releaseOrphans(new BookingOwners() {
            @Override
            public Reply wanted(String bookingId) {
                return noted(owners.wanted(bookingId));
            }

            @Override
            public Reply wanted(String bookingId, SegmentOwner owner) {
                return noted(owners.wanted(bookingId, owner));
            }

            private Reply noted(Reply reply) {
                if (reply.answer() == Answer.UNREACHABLE || reply.answer() == Answer.REFUSED) {
                    reasons.add(reply.answer() + ": " + reply.detail());
                }
                return reply;
            }
        }, age);
        last = new Round(clock.instant(), o.asked(), o.released().size(), o.unanswered(),
                reasons.stream().distinct().limit(REASONS_SHOWN).toList());
        return o;
    }

    /** The health check: UP before the first round and after a round every BAR answered; DEGRADED otherwise. */
    Health.Result check() {
        Round r = last;
        if (r == null) {
            return Health.Result.up("no round yet (one every " + every + ")");
        }
        String round = "round at " + r.at() + ": " + r.asked() + " segments asked about, " + r.released() + " released";
        if (r.unanswered() == 0) {
            return Health.Result.up(round);
        }
        return new Health.Result(Health.Status.DEGRADED, round + ", " + r.unanswered()
                + " unanswered and kept: " + String.join("; ", r.reasons()));
    }
}
