package org.crs.bar.api.json.answer;

import java.util.List;

import org.crs.bar.reservation.Utilisation;

/** One segment's traffic, or why this BAR has none of it (schema {@code SegmentUtilisation}). */
public record SegmentUtilisationJson(String role, String controller, String bookingId, boolean measured,
                                     String notMeasured, List<UtilisationSampleJson> samples) {

    public static SegmentUtilisationJson of(Utilisation.SegmentUtilisation s) {
        return new SegmentUtilisationJson(s.role().name(), s.controller(), s.bookingId(), s.notMeasured().isEmpty(),
                s.notMeasured().orElse(""), s.samples().stream().map(UtilisationSampleJson::of).toList());
    }
}
