package org.crs.nsap.service;

/**
 * A call the service refuses and that changed nothing: bad input (naming the field) or a
 * request that does not fit (naming the resource). The SOAP layer turns it into a fault.
 */
public final class RequestRejected extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String resource;

    public RequestRejected(String field, String resource, String reason) {
        super(reason);
        this.field = field;
        this.resource = resource;
    }

    public static RequestRejected badField(String field, String reason) {
        return new RequestRejected(field, null, reason);
    }

    /** The request field at fault, or null. */
    public String field() {
        return field;
    }

    /** The resource that lacks capacity, or null. */
    public String resource() {
        return resource;
    }
}
