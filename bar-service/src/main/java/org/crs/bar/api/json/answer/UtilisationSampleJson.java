package org.crs.bar.api.json.answer;

import java.time.Duration;
import java.time.Instant;

import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;

/** What a circuit carried over [start, end), in bit/s and per second (schema {@code UtilisationSample}). */
public record UtilisationSampleJson(Instant start, Instant end, int resolutionSeconds, double inBitsPerSecond,
                                    double outBitsPerSecond, double errorsPerSecond, double discardsPerSecond) {

    /** A sample measured at its resolution. */
    public static UtilisationSampleJson of(TrafficSample s) {
        return of(s.rate(), s.resolution());
    }

    /** A rate over its own span (an end-to-end bucket). */
    public static UtilisationSampleJson of(TrafficRate rate) {
        return of(rate, rate.span());
    }

    private static UtilisationSampleJson of(TrafficRate rate, Duration resolution) {
        return new UtilisationSampleJson(rate.from(), rate.to(), (int) resolution.toSeconds(), rate.inBitsPerSecond(),
                rate.outBitsPerSecond(), rate.errorsPerSecond(), rate.discardsPerSecond());
    }
}
