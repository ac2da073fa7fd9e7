package org.crs.bar.api.soap;

import org.crs.domain.access.Caller;
import org.crs.service.security.CurrentCall;

/** Who a SOAP call comes from, as the port types pass it to the services. */
final class SoapCaller {

    private SoapCaller() {
    }

    /**
     * The signed-in caller ({@link CurrentCall}). With nobody signed in the call reached the port
     * type on a server without access control (the access table lets no anonymous caller into
     * an operation that names a reservation), so it is the process itself, under {@code inside}.
     */
    static Caller of(Caller.Process inside) {
        Caller caller = CurrentCall.caller();
        return caller instanceof Caller.Anonymous ? inside : caller;
    }
}
