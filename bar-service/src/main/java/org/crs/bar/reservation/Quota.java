package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;

/**
 * What a group may book: at most {@code peakBandwidthMbps} at any one time over all its live
 * reservations, and at most {@code hoursPerMonth} booked hours in each calendar month (UTC),
 * a reservation that spans months counting its hours in each. A limit left null is not checked.
 *
 * @param group the group's name
 * @param peakBandwidthMbps the most Mbit/s the group's reservations may book at one time; null: no limit
 * @param hoursPerMonth the most hours the group's reservations may book in one calendar month; null: no limit
 */
public record Quota(String group, Long peakBandwidthMbps, Long hoursPerMonth) {

    /** The subject of a refusal for the peak bandwidth. */
    public static final String PEAK_BANDWIDTH = "peakBandwidth";
    /** The subject of a refusal for the monthly hours. */
    public static final String MONTHLY_HOURS = "monthlyHours";

    /** What one booking uses: a bandwidth over an interval. */
    public record Use(long mbps, TimeInterval interval) {
        public Use {
            Objects.requireNonNull(interval, "interval");
        }

        public static Use of(ReservationRequest request) {
            return new Use(request.bandwidthMbps(), request.interval());
        }
    }

    public Quota {
        Objects.requireNonNull(group, "group");
        if (peakBandwidthMbps != null && peakBandwidthMbps < 0 || hoursPerMonth != null && hoursPerMonth < 0) {
            throw new IllegalArgumentException("quota limits must not be negative");
        }
    }

    /**
     * The window a check must see the group's reservations in: the asked interval widened to the
     * calendar months it touches.
     */
    public static TimeInterval window(TimeInterval asked) {
        return new TimeInterval(monthStart(YearMonth.from(asked.start().atZone(ZoneOffset.UTC))),
                monthStart(lastMonth(asked).plusMonths(1)));
    }

    /**
     * Whether the group may book {@code asked} beside what it has booked.
     *
     * @param booked the group's live reservations (at least those in {@link #window} of the asked interval)
     * @return the refusal naming the quota, the limit and what is used; empty when it fits
     */
    public Optional<Refusal> admit(Use asked, Collection<Use> booked) {
        if (peakBandwidthMbps != null) {
            long peak = peakWithin(asked.interval(), booked);
            if (peak + asked.mbps() > peakBandwidthMbps) {
                return Optional.of(new Refusal(RefusalCode.QUOTA_EXCEEDED, PEAK_BANDWIDTH, "group " + group
                        + "'s quota peakBandwidth is " + peakBandwidthMbps + " Mbit/s at any one time; its reservations"
                        + " already use " + peak + " Mbit/s at their peak over " + asked.interval() + ", so "
                        + asked.mbps() + " Mbit/s more would make " + (peak + asked.mbps()) + " Mbit/s"));
            }
        }
        if (hoursPerMonth != null) {
            Duration limit = Duration.ofHours(hoursPerMonth);
            for (YearMonth m = YearMonth.from(asked.interval().start().atZone(ZoneOffset.UTC));
                 !m.isAfter(lastMonth(asked.interval())); m = m.plusMonths(1)) {
                TimeInterval month = new TimeInterval(monthStart(m), monthStart(m.plusMonths(1)));
                Duration used = Duration.ZERO;
                for (Use u : booked) {
                    used = used.plus(overlap(u.interval(), month));
                }
                Duration adds = overlap(asked.interval(), month);
                if (used.plus(adds).compareTo(limit) > 0) {
                    return Optional.of(new Refusal(RefusalCode.QUOTA_EXCEEDED, MONTHLY_HOURS, "group " + group
                            + "'s quota monthlyHours is " + hoursPerMonth + " h per calendar month (UTC); " + m
                            + " has " + hours(used) + " h booked already, and this booking adds " + hours(adds) + " h"));
                }
            }
        }
        return Optional.empty();
    }

    /** The most bandwidth the bookings use at one time within {@code within} (half-open intervals). */
    static long peakWithin(TimeInterval within, Collection<Use> booked) {
        record Edge(Instant at, long delta) {
        }
        List<Edge> edges = new ArrayList<>();
        for (Use u : booked) {
            if (u.interval().overlaps(within)) {
                Instant from = u.interval().start().isBefore(within.start()) ? within.start() : u.interval().start();
                Instant to = u.interval().end().isAfter(within.end()) ? within.end() : u.interval().end();
                edges.add(new Edge(from, u.mbps()));
                edges.add(new Edge(to, -u.mbps()));
            }
        }
        // At the same instant an end comes before a start: [a, b) and [b, c) never run together.
        edges.sort((x, y) -> x.at().equals(y.at()) ? Long.compare(x.delta(), y.delta()) : x.at().compareTo(y.at()));
        long now = 0;
        long peak = 0;
        for (Edge e : edges) {
            now += e.delta();
            peak = Math.max(peak, now);
        }
        return peak;
    }

    private static Duration overlap(TimeInterval a, TimeInterval b) {
        Instant from = a.start().isAfter(b.start()) ? a.start() : b.start();
        Instant to = a.end().isBefore(b.end()) ? a.end() : b.end();
        return to.isAfter(from) ? Duration.between(from, to) : Duration.ZERO;
    }

    /** The month of the interval's last instant (its end is not in it). */
    private static YearMonth lastMonth(TimeInterval i) {
        return YearMonth.from(i.end().minusNanos(1).atZone(ZoneOffset.UTC));
    }

    private static Instant monthStart(YearMonth m) {
        return m.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private static String hours(Duration d) {
        return String.format(Locale.ROOT, "%.2f", d.toSeconds() / 3600.0);
    }
}
