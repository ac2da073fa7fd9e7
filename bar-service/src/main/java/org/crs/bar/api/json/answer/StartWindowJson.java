package org.crs.bar.api.json.answer;

import java.time.Instant;
import java.util.List;

import org.crs.domain.availability.StartTimes;

/** A stretch of start times, both ends included (schema {@code StartWindow}). */
public record StartWindowJson(Instant earliest, Instant latest) {

    /** The stretches of {@code starts}, in time order. */
    public static List<StartWindowJson> of(StartTimes starts) {
        return starts.windows().stream().map(w -> new StartWindowJson(w.earliest(), w.latest())).toList();
    }
}
