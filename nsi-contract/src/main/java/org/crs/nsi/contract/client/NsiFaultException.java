package org.crs.nsi.contract.client;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;

/**
 * The peer answered a message with a SOAP fault: it refused the request ({@link NsiFault.Code#CLIENT},
 * e.g. OpenNSA's refusal of a reserve for lack of resources) or failed ({@link NsiFault.Code#SERVER}).
 * {@link #errorId()} is the NSI error id of its {@code serviceException}.
 */
public final class NsiFaultException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient NsiFault fault;
    private final transient Optional<NsiHeader> header;

    NsiFaultException(String operation, NsiFault fault, Optional<NsiHeader> header) {
        super(operation + ": " + fault.code().localName() + " fault " + fault.errorId().code() + " ("
                + fault.faultString() + ")");
        this.fault = Objects.requireNonNull(fault, "fault");
        this.header = Objects.requireNonNull(header, "header");
    }

    /** The fault as read. */
    public NsiFault fault() {
        return fault;
    }

    /** The fault's nsiHeader, when it carried one. */
    public Optional<NsiHeader> header() {
        return header;
    }

    /** The NSI error id (see {@link NsiFault#errorId()}). */
    public NsiErrorId errorId() {
        return fault.errorId();
    }
}
