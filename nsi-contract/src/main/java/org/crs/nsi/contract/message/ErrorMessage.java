package org.crs.nsi.contract.message;

/**
 * {@code error}: a request that had been acknowledged failed in a way none of its own results
 * can say (e.g. a provision that cannot be processed).
 *
 * @param serviceException why
 */
public record ErrorMessage(ServiceExceptionInfo serviceException) implements OperationResult {

    /** The element's local name. */
    public static final String ELEMENT = "error";

    public ErrorMessage {
        Checks.part(serviceException, "serviceException");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
