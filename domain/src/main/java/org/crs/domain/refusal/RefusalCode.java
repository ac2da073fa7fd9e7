package org.crs.domain.refusal;

import java.util.Optional;

/**
 * Why a request was refused, as a program reads it: the same codes at every service (L-NSAP,
 * NSAP, BAR) and on every wire (a SOAP fault's {@code code}, a rejected reservation's
 * {@code refusalCode}). Each code says what its {@link Refusal#subject() subject} names.
 */
public enum RefusalCode {

    /**
     * A resource (host port, uplink, WAN link, access point) has less bandwidth free over the
     * interval than requested, or no path of the network has that bandwidth free end to end.
     * Subject: the resource, the first in path order that lacks it.
     */
    NO_CAPACITY(Subject.RESOURCE),

    /**
     * The network has no path between the two ends at all, whatever is booked: no links join
     * them, or both ends hand off on one router. Subject: the request field naming the end
     * that cannot be reached ({@code destination}).
     */
    NO_PATH(Subject.FIELD),

    /**
     * A resource the circuit needs is down for maintenance during the interval. Subject: the
     * resource.
     */
    MAINTENANCE(Subject.RESOURCE),

    /**
     * The VLAN asked for is taken on a trunk or access point over the interval, or no VLAN of
     * its range is free. Subject: the resource (uplink or access point).
     */
    VLAN_UNAVAILABLE(Subject.RESOURCE),

    /**
     * An end-host's access port carries another circuit during the interval; an access port
     * carries one circuit at a time. Subject: the host port resource.
     */
    HOST_PORT_BUSY(Subject.RESOURCE),

    /**
     * A field of the request is missing, malformed, out of range, or names something the
     * service does not have (an unknown endpoint, booking or reservation). Subject: the field,
     * as the operation names it.
     */
    BAD_FIELD(Subject.FIELD),

    /**
     * A service the request depends on did not answer within the caller's deadline; it may
     * still act on the request later. Also a negotiation the BAR gave up because it stopped
     * during it. Subject: the service (controller) that was called, or empty.
     */
    TIMEOUT(Subject.PROVIDER),

    /**
     * A service the request depends on could not be asked or gave no answer that could be read:
     * no connection, an HTTP error without a SOAP answer, an answer that is not the contract's,
     * or a service the caller has not configured. Subject: the service (controller).
     */
    PROVIDER_SILENT(Subject.PROVIDER),

    /**
     * The request is well formed and may fit, but a rule of the service refuses it: the booking
     * or reservation is in a state that does not allow the call (committing a lapsed hold,
     * cancelling a finished reservation, a booking id an abort took), or an approval policy.
     * Subject: the field naming what the rule refuses ({@code bookingId}, {@code requestId}),
     * or empty.
     */
    POLICY(Subject.FIELD),

    /**
     * The call came without credentials, or with credentials that do not name a known, unblocked
     * identity. Subject: empty. Answered with HTTP 401.
     */
    NOT_SIGNED_IN(Subject.FIELD),

    /**
     * The caller is known but its role does not allow the operation, or the reservation, booking
     * or account it names is not one the caller may see or change. Subject: the field naming
     * what is refused ({@code requestId}, {@code bookingId}), or empty for the operation itself.
     */
    NOT_ALLOWED(Subject.FIELD),

    /**
     * Too many failed sign-ins for this account or from this address: refused without checking
     * until the pause the message gives has passed. Subject: empty. Answered with HTTP 429.
     */
    THROTTLED(Subject.FIELD),

    /**
     * Booking it would take the caller's group over one of its quotas. The message names the
     * quota, its limit and what is already used. Subject: the quota ({@code peakBandwidth},
     * {@code monthlyHours}).
     */
    QUOTA_EXCEEDED(Subject.FIELD),

    /**
     * The service's own database could not be reached (it is restarting or failing over), so the
     * service did nothing with the request; the same request may succeed once the database is
     * back, in seconds. Answered as a Server fault, and by the JSON API as 503 with Retry-After.
     * Subject: the service that answered, as the caller names it, or empty.
     */
    STORE_UNAVAILABLE(Subject.PROVIDER),

    /**
     * An L-NSAP or the NSAP was asked to configure a segment on its routers before the time its
     * booking starts (the circuit's start less the BAR's set-up lead, which the booking
     * includes), beyond a small tolerance for clock skew: nothing was sent to any router. The
     * message says from when it may be activated. Subject: {@code bookingId}.
     */
    ACTIVATION_TOO_EARLY(Subject.FIELD),

    /**
     * Another network's NSI provider refused the part of a circuit that lies in its network (a
     * reserveFailed, a fault, a reserveCommitFailed, an errorEvent). The message begins with the
     * NSI error id it sent and says its text ({@code NSI 00704: STP unavailable ...}). Subject:
     * the far network's provider, as the BAR's configuration names its site.
     */
    FAR_NETWORK_REFUSED(Subject.PROVIDER);

    /** What a refusal's subject names, for a code. */
    public enum Subject {
        /** A request field, as the operation names it. */
        FIELD,
        /** A resource of the network, by its id. */
        RESOURCE,
        /** The service that was called, as the caller names it. */
        PROVIDER
    }

    private final Subject subject;

    RefusalCode(Subject subject) {
        this.subject = subject;
    }

    /** What the subject of a refusal with this code names. */
    public Subject subject() {
        return subject;
    }

    /**
     * The code of this name, as a wire carries it; empty for null, blank or a name this version
     * does not know (a newer service may add codes).
     */
    public static Optional<RefusalCode> named(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(name.trim()));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // a code from a newer contract: the caller decides what it reads as
        }
    }
}
