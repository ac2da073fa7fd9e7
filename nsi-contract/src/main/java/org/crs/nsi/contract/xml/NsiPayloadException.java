package org.crs.nsi.contract.xml;

import java.util.Objects;

import org.crs.domain.nsi.NsiErrorId;

/**
 * A message that cannot be read as NSI CS 2.0: not SOAP, not well-formed, a DTD, a missing or
 * malformed element. A provider answers it with a Client fault carrying {@link #errorId()}
 * ({@code 00100} payload error, {@code 00101} missing parameter, {@code 00701} unknown STP,
 * {@code 00709} invalid label format) and the element named.
 */
public final class NsiPayloadException extends Exception {

    private static final long serialVersionUID = 1L;

    private final NsiErrorId errorId;
    private final String element;

    /**
     * @param errorId the NSI error id the refusal carries
     * @param element the local name of the element (or {@code @attribute}) at fault
     * @param reason what is wrong with it
     */
    public NsiPayloadException(NsiErrorId errorId, String element, String reason) {
        this(errorId, element, reason, null);
    }

    /** The same, with the failure that revealed it. */
    public NsiPayloadException(NsiErrorId errorId, String element, String reason, Throwable cause) {
        super(element + ": " + reason, cause);
        this.errorId = Objects.requireNonNull(errorId, "errorId");
        this.element = Objects.requireNonNull(element, "element");
    }

    /** The NSI error id for the refusal. */
    public NsiErrorId errorId() {
        return errorId;
    }

    /** The element (or attribute, {@code @version}) at fault. */
    public String element() {
        return element;
    }
}
