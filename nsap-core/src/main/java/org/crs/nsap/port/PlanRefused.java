package org.crs.nsap.port;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusedException;
import org.crs.domain.refusal.RefusalCode;

/**
 * A request this network cannot serve, as a {@link Refusal}: a field names something it does not
 * have ({@link RefusalCode#BAD_FIELD}), or the network cannot carry it over the interval (no
 * capacity, no path, maintenance, VLAN taken, host port busy), naming the resource.
 */
public final class PlanRefused extends RefusedException {

    private static final long serialVersionUID = 1L;

    public PlanRefused(Refusal refusal) {
        super(refusal);
    }

    /** A field of the request names something this network does not have, or cannot be. */
    public static PlanRefused badField(String field, String reason) {
        return new PlanRefused(Refusal.badField(field, reason));
    }

    /** The network cannot carry the request on {@code resource} (its id), for {@code code}. */
    public static PlanRefused on(RefusalCode code, String resource, String reason) {
        return new PlanRefused(new Refusal(code, resource, reason));
    }

    /** The request field at fault, or null when the refusal names none. */
    public String field() {
        return refusal().field().isEmpty() ? null : refusal().field();
    }

    /** The resource that cannot take the request, or null when the refusal names none. */
    public String resource() {
        return refusal().resource().isEmpty() ? null : refusal().resource();
    }
}
