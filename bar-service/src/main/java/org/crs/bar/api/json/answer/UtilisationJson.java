package org.crs.bar.api.json.answer;

import java.time.Instant;
import java.util.List;

import org.crs.bar.reservation.Utilisation;

/** A reservation's traffic per segment and end to end, beside its booked rate (schema {@code Utilisation}). */
public record UtilisationJson(String requestId, Instant from, Instant to, long bookedBitsPerSecond,
                              List<SegmentUtilisationJson> segments, List<UtilisationSampleJson> endToEnd,
                              List<String> flags) {

    public static UtilisationJson of(Utilisation u) {
        return new UtilisationJson(u.requestId(), u.interval().start(), u.interval().end(), u.bookedBitsPerSecond(),
                u.segments().stream().map(SegmentUtilisationJson::of).toList(),
                u.endToEnd().stream().map(UtilisationSampleJson::of).toList(),
                u.flags().stream().sorted().map(Enum::name).toList());
    }
}
