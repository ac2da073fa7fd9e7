package org.crs.bar.api.json.answer;

import java.util.List;

import org.crs.bar.availability.AvailabilitySearch;

/** When a circuit could run (schema {@code Availability}). */
public record AvailabilityJson(List<StartWindowJson> starts, long maxBandwidthMbps) {

    public static AvailabilityJson of(AvailabilitySearch.Answer answer) {
        return new AvailabilityJson(StartWindowJson.of(answer.starts()), answer.maxBandwidthMbps());
    }
}
