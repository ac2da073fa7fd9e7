package org.crs.domain.time;

import static org.crs.domain.Times.hour;
import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TimeIntervalTest {

    @Test
    void anEndBeforeTheStartIsRefusedNamingBothFields() {
        var refused = assertThrows(IllegalArgumentException.class, () -> new TimeInterval(hour(2), hour(1)));
        assertEquals("end (2030-01-01T01:00:00Z) must be after start (2030-01-01T02:00:00Z)", refused.getMessage());
    }

    @Test
    void anEmptyIntervalIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TimeInterval(hour(1), hour(1)));
    }

    @Test
    void aMissingStartIsRefusedByName() {
        var refused = assertThrows(NullPointerException.class, () -> new TimeInterval(null, hour(1)));
        assertEquals("start", refused.getMessage());
    }

    @Test
    void containsItsStartButNotItsEnd() {
        TimeInterval interval = hours(1, 2);
        assertTrue(interval.contains(hour(1)));
        assertTrue(interval.contains(hour(2).minusNanos(1)));
        assertFalse(interval.contains(hour(2)));
        assertFalse(interval.contains(hour(1).minusNanos(1)));
    }

    @Test
    void intervalsThatOnlyTouchDoNotOverlap() {
        assertFalse(hours(1, 2).overlaps(hours(2, 3)));
        assertFalse(hours(2, 3).overlaps(hours(1, 2)));
    }

    @Test
    void intervalsSharingAnInstantOverlapEitherWayRound() {
        assertTrue(hours(1, 3).overlaps(hours(2, 4)));
        assertTrue(hours(2, 4).overlaps(hours(1, 3)));
        assertTrue(hours(1, 4).overlaps(hours(2, 3)));
        assertTrue(hours(2, 3).overlaps(hours(1, 4)));
        assertTrue(hours(1, 2).overlaps(hours(1, 2)));
    }

    @Test
    void intersectionIsTheCommonPartOrEmpty() {
        assertEquals(Optional.of(hours(2, 3)), hours(1, 3).intersection(hours(2, 4)));
        assertEquals(Optional.of(hours(2, 3)), hours(1, 4).intersection(hours(2, 3)));
        assertEquals(Optional.empty(), hours(1, 2).intersection(hours(2, 3)));
    }

    @Test
    void enclosesAnIntervalInsideItIncludingItself() {
        assertTrue(hours(1, 4).encloses(hours(2, 4)));
        assertTrue(hours(1, 4).encloses(hours(1, 4)));
        assertFalse(hours(1, 4).encloses(hours(0, 2)));
    }

    @Test
    void durationAndOfAgree() {
        assertEquals(Duration.ofHours(3), hours(1, 4).duration());
        assertEquals(hours(1, 4), TimeInterval.of(hour(1), Duration.ofHours(3)));
    }

    @Test
    void printsAsAHalfOpenInterval() {
        assertEquals("[2030-01-01T01:00:00Z, 2030-01-01T02:00:00Z)", hours(1, 2).toString());
    }
}
