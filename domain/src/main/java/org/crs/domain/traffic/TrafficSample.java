package org.crs.domain.traffic;

import java.time.Duration;
import java.util.Objects;

/**
 * A stored rate and the resolution it is kept at: the polling interval for recent rates,
 * {@link TrafficRetention#MEDIUM} or {@link TrafficRetention#COARSE} for means of older ones.
 *
 * @param resolution the resolution of the rate's row
 * @param rate the rate
 */
public record TrafficSample(Duration resolution, TrafficRate rate) {
    public TrafficSample {
        Objects.requireNonNull(resolution, "resolution");
        Objects.requireNonNull(rate, "rate");
    }
}
