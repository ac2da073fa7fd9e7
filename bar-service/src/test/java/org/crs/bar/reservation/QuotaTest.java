package org.crs.bar.reservation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

class QuotaTest {

    static final Instant T = Instant.parse("2030-01-10T00:00:00Z");

    static Quota.Use use(long mbps, Instant start, Duration length) {
        return new Quota.Use(mbps, new TimeInterval(start, start.plus(length)));
    }

    static Quota.Use hours(long mbps, int fromHour, int toHour) {
        return new Quota.Use(mbps, new TimeInterval(T.plus(Duration.ofHours(fromHour)), T.plus(Duration.ofHours(toHour))));
    }

    @Test
    void aBookingThatFitsBesideThePeakIsAdmitted() {
        Quota q = new Quota("astro", 1000L, null);

        assertTrue(q.admit(hours(400, 0, 4), List.of(hours(300, 0, 2), hours(300, 2, 4))).isEmpty(),
                "back-to-back bookings never run together: the peak is 300");
    }

    @Test
    void aBookingThatWouldTakeThePeakOverTheLimitIsRefusedNamingTheQuotaLimitAndUse() {
        Quota q = new Quota("astro", 1000L, null);

        Refusal r = q.admit(hours(400, 0, 4), List.of(hours(300, 0, 3), hours(400, 1, 2))).orElseThrow();

        assertEquals(RefusalCode.QUOTA_EXCEEDED, r.code());
        assertEquals(Quota.PEAK_BANDWIDTH, r.subject());
        assertTrue(r.message().contains("1000 Mbit/s") && r.message().contains("700 Mbit/s"), r.message());
    }

    @Test
    void bookingsOutsideTheAskedIntervalDoNotCountTowardsThePeak() {
        Quota q = new Quota("astro", 1000L, null);

        assertTrue(q.admit(hours(1000, 2, 4), List.of(hours(1000, 0, 2), hours(1000, 4, 6))).isEmpty());
    }

    @Test
    void monthlyHoursCountWhatIsBookedInTheMonthPlusTheNewBooking() {
        Quota q = new Quota("astro", null, 10L);

        assertTrue(q.admit(hours(1, 0, 4), List.of(hours(1, 10, 16))).isEmpty(), "6 h + 4 h is the limit");
        Refusal r = q.admit(hours(1, 0, 5), List.of(hours(1, 10, 16))).orElseThrow();
        assertEquals(RefusalCode.QUOTA_EXCEEDED, r.code());
        assertEquals(Quota.MONTHLY_HOURS, r.subject());
        assertTrue(r.message().contains("10 h") && r.message().contains("2030-01") && r.message().contains("6.00 h"),
                r.message());
    }

    @Test
    void aBookingAcrossTwoMonthsCountsItsHoursInEach() {
        Quota q = new Quota("astro", null, 10L);
        Instant newYear = Instant.parse("2030-02-01T00:00:00Z");
        Quota.Use acrossMonths = use(1, newYear.minus(Duration.ofHours(6)), Duration.ofHours(12));

        assertTrue(q.admit(acrossMonths, List.of(use(1, newYear.plus(Duration.ofDays(3)), Duration.ofHours(4)))).isEmpty(),
                "6 h in January; 6 h + 4 h in February");
        Refusal r = q.admit(acrossMonths, List.of(use(1, newYear.plus(Duration.ofDays(3)), Duration.ofHours(5))))
                .orElseThrow();
        assertTrue(r.message().contains("2030-02"), r.message());
    }

    @Test
    void theWindowOfACheckIsTheCalendarMonthsTheBookingTouches() {
        TimeInterval w = Quota.window(use(1, Instant.parse("2030-01-31T20:00:00Z"), Duration.ofHours(8)).interval());

        assertEquals(new TimeInterval(Instant.parse("2030-01-01T00:00:00Z"), Instant.parse("2030-03-01T00:00:00Z")), w);
        assertEquals(new TimeInterval(Instant.parse("2030-01-01T00:00:00Z"), Instant.parse("2030-02-01T00:00:00Z")),
                Quota.window(use(1, Instant.parse("2030-01-31T20:00:00Z"), Duration.ofHours(4)).interval()),
                "a booking that ends at midnight does not touch the next month");
    }
}
