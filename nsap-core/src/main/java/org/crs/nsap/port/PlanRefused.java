package org.crs.nsap.port;

/**
 * A request this network cannot serve: a field names something it does not have, or a
 * resource lacks capacity over the interval.
 */
public final class PlanRefused extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String resource;

    /**
     * @param field the request field at fault, or null when the request is valid but does not fit
     * @param resource the first resource that lacks capacity, or null
     * @param reason what is wrong, for people
     */
    public PlanRefused(String field, String resource, String reason) {
        super(reason);
        this.field = field;
        this.resource = resource;
    }

    public String field() {
        return field;
    }

    public String resource() {
        return resource;
    }
}
