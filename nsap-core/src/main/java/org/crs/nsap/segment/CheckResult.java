package org.crs.nsap.segment;

/**
 * Would a request fit now?
 *
 * @param fits true when a hold would succeed now
 * @param resource the first resource that lacks capacity, or null
 * @param reason why it does not fit, or a description of the plan when it does
 */
public record CheckResult(boolean fits, String resource, String reason) {
}
