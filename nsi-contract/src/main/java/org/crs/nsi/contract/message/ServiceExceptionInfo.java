package org.crs.nsi.contract.message;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;

/**
 * An NSI {@code serviceException}: why a request was refused or a connection failed. It is the
 * detail of a SOAP fault, and part of reserveFailed, error and errorEvent.
 *
 * @param nsaId the NSA that raised it
 * @param connectionId the connection it is about, when there is one
 * @param serviceType the service type, when said
 * @param errorId what kind of error: the code read, or its family when the exact id is not
 *     known; {@link NsiErrorId#INTERNAL_ERROR} when neither is
 * @param errorCode the five digits as sent (a peer's own id survives reading)
 * @param text a person's reading
 * @param variables named values that pin the error down (e.g. {@code providerNSA}, the STP),
 *     in the order sent
 * @param childExceptions the errors of the parts, for an aggregator
 */
public record ServiceExceptionInfo(String nsaId, Optional<String> connectionId, Optional<String> serviceType,
        NsiErrorId errorId, String errorCode, String text, Map<String, List<String>> variables,
        List<ServiceExceptionInfo> childExceptions) {

    public ServiceExceptionInfo {
        Checks.text(nsaId, "nsaId");
        Checks.optional(connectionId, "connectionId");
        Checks.optional(serviceType, "serviceType");
        Checks.part(errorId, "errorId");
        Checks.text(errorCode, "errorCode");
        Checks.part(text, "text");
        variables = TypeValues.copy(variables);
        childExceptions = List.copyOf(childExceptions);
    }

    /** An exception CRS raises: its id's own code, no connection, no variables. */
    public static ServiceExceptionInfo of(String nsaId, NsiErrorId errorId, String text) {
        return new ServiceExceptionInfo(nsaId, Optional.empty(), Optional.empty(), errorId, errorId.code(), text,
                Map.of(), List.of());
    }

    /** The same about this connection. */
    public ServiceExceptionInfo withConnectionId(String id) {
        return new ServiceExceptionInfo(nsaId, Optional.of(id), serviceType, errorId, errorCode, text, variables,
                childExceptions);
    }

    /** The same with one more variable value ({@code type} may repeat). */
    public ServiceExceptionInfo withVariable(String type, String value) {
        Map<String, List<String>> more = new LinkedHashMap<>(variables);
        more.merge(type, List.of(value), (a, b) -> {
            List<String> both = new java.util.ArrayList<>(a);
            both.addAll(b);
            return both;
        });
        return new ServiceExceptionInfo(nsaId, connectionId, serviceType, errorId, errorCode, text, more,
                childExceptions);
    }
}
