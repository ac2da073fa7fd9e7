package org.crs.nsi.contract.message;

import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;

/**
 * A SOAP 1.1 fault answering an NSI request, with the NSI {@code serviceException} in its
 * detail (a peer's fault may lack one).
 *
 * @param code whose fault it is: the caller's ({@code Client}) or the provider's ({@code Server})
 * @param faultString a person's reading
 * @param serviceException the NSI error, when the detail carries one
 */
public record NsiFault(Code code, String faultString, Optional<ServiceExceptionInfo> serviceException)
        implements NsiBody {

    /** SOAP 1.1's fault codes as NSI uses them. */
    public enum Code {
        /** The request was at fault: a payload error, a refusal; repeating it does not help. */
        CLIENT("Client"),
        /** The provider failed; the same request may succeed later. */
        SERVER("Server");

        private final String localName;

        Code(String localName) {
            this.localName = localName;
        }

        /** The faultcode's local part ({@code soap:Client}). */
        public String localName() {
            return localName;
        }
    }

    public NsiFault {
        Checks.part(code, "code");
        Checks.part(faultString, "faultString");
        Checks.optional(serviceException, "serviceException");
    }

    /** A fault for this NSI error: Server for an internal error, Client for every other. */
    public static NsiFault of(ServiceExceptionInfo exception) {
        Code code = exception.errorId() == NsiErrorId.INTERNAL_ERROR ? Code.SERVER : Code.CLIENT;
        return new NsiFault(code, exception.text(), Optional.of(exception));
    }

    /**
     * The NSI error id: the serviceException's, or without one {@link NsiErrorId#INTERNAL_ERROR}
     * for a Server fault and {@link NsiErrorId#PAYLOAD_ERROR} for a Client fault.
     */
    public NsiErrorId errorId() {
        return serviceException.map(ServiceExceptionInfo::errorId)
                .orElse(code == Code.SERVER ? NsiErrorId.INTERNAL_ERROR : NsiErrorId.PAYLOAD_ERROR);
    }
}
