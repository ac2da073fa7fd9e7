package org.crs.service.security;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.access.Caller;

/**
 * The call being served: who makes it, from which address, with which client certificate.
 *
 * @param caller who authentication found
 * @param address the client's IP address
 * @param certificate the subject of the client certificate, when one was presented
 */
public record CallContext(Caller caller, String address, Optional<String> certificate) {
    public CallContext {
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(certificate, "certificate");
    }

    /** A call from inside the process (the scheduler, a test): nobody signed in. */
    public static CallContext internal() {
        return new CallContext(new Caller.Anonymous(), "local", Optional.empty());
    }
}
