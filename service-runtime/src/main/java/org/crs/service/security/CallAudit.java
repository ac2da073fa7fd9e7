package org.crs.service.security;

import java.util.Map;

/**
 * Where a service records the calls that change state (and the calls its access table refused):
 * who, from where, what with which arguments, and the outcome. Implemented over the service's
 * audit trail; the arguments reach it with secrets already removed ({@link org.crs.domain.audit.Redaction}).
 */
public interface CallAudit {

    /**
     * @param service the port type ({@code ReservationService})
     * @param operation the operation ({@code cancelReservation})
     * @param call who called, from where, with which certificate
     * @param arguments the request's elements by name, in order (nested ones as {@code parent.child}), secrets redacted
     * @param outcome {@code OK}, or the refusal code of the fault answered
     */
    void record(String service, String operation, CallContext call, Map<String, String> arguments, String outcome);
}
