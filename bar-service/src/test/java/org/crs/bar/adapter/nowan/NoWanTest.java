package org.crs.bar.adapter.nowan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

class NoWanTest {

    final NoWan wan = new NoWan("domain-c");

    @Test
    void aHoldIsRefusedNoPathAsAnAnswerNamingTheSite() {
        Instant start = Instant.parse("2030-01-01T10:00:00Z");
        SegmentFailure refused = assertThrows(SegmentFailure.class, () -> wan.hold(new SegmentOrder("domain-c:r1:wan",
                "domain-c", "site-b", 100, new TimeInterval(start, start.plusSeconds(3600)), 0, 0), Duration.ofMinutes(2)));

        assertEquals(RefusalCode.NO_PATH, refused.refusal().code());
        assertTrue(refused.answered(), "a refusal, not silence: nothing was booked anywhere");
        assertTrue(refused.refusal().message().contains("domain-c"), refused.refusal().message());
    }

    @Test
    void itIsNamedAsTheNsapAndOffersNoEndpoint() {
        assertEquals("nsap", wan.name());
        assertEquals(List.of(), wan.endpoints());
    }
}
