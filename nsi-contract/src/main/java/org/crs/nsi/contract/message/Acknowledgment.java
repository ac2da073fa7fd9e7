package org.crs.nsi.contract.message;

/**
 * {@code acknowledgment}: the request was taken; its result, if any, follows as a callback. It
 * has no content; its {@link NsiHeader} (required, full) is what ties it to the request.
 */
public record Acknowledgment() implements SyncAnswer {

    /** The element's local name. */
    public static final String ELEMENT = "acknowledgment";

    @Override
    public String element() {
        return ELEMENT;
    }
}
