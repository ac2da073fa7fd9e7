package org.crs.service.soap.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

import org.junit.jupiter.api.Test;

/** How the client reads an answer's xs:dateTime: as OffsetDateTime.parse would, faster for Axis2's own form. */
class BeansTest {

    @Test
    void anXsDateTimeInAnyFormWithAZoneIsTheInstantOffsetDateTimeReads() {
        for (String t : new String[] {"2026-11-22T10:00:00Z", "2026-11-22T10:00:00.000Z", "2026-11-22T10:00:00.5Z",
                "2026-11-22T10:00:00.123456789Z", "2026-11-22T11:30:00.250+01:30", "2026-11-22T05:00:00-05:00",
                "2026-11-22T10:00Z"}) {
            assertEquals(OffsetDateTime.parse(t).toInstant(), Beans.instant(t), t);
        }
    }

    @Test
    void aTimeWithoutAZoneOrOutOfRangeIsNoXsDateTimeThisClientReads() {
        for (String t : new String[] {"2026-11-22T10:00:00", "2026-02-30T10:00:00Z", "2026-11-22T24:00:00Z",
                "2026-11-2xT10:00:00Z", "yesterday"}) {
            assertThrows(DateTimeParseException.class, () -> Beans.instant(t), t);
        }
    }

    @Test
    void aTimeFieldOfAnAnswerThatIsNoXsDateTimeIsRefusedNamingTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Beans.value("when", "soon", Instant.class));
        assertEquals("answered when 'soon', not an xs:dateTime", e.getMessage());
    }
}
