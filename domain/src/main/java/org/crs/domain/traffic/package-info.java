/**
 * A circuit's traffic as the interface counters show it: counter readings
 * ({@link org.crs.domain.traffic.CounterReading}), the rates between two readings across counter
 * wraps and router restarts ({@link org.crs.domain.traffic.TrafficRate}), and how rates are
 * kept: fine for a day, then in 5-minute and hourly means, then dropped
 * ({@link org.crs.domain.traffic.TrafficRetention}). Pure computation on {@code java.time}.
 */
package org.crs.domain.traffic;
