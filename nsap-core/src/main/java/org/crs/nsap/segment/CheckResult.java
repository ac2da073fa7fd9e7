package org.crs.nsap.segment;

import org.crs.domain.refusal.RefusalCode;

/**
 * Would a request fit now?
 *
 * @param fits true when a hold would succeed now
 * @param resource the first resource that lacks capacity, or null
 * @param reason why it does not fit, or a description of the plan when it does
 * @param code why it does not fit, for programs; null when it fits
 */
public record CheckResult(boolean fits, String resource, String reason, RefusalCode code) {
}
