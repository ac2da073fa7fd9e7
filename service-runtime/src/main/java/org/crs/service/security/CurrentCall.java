package org.crs.service.security;

import java.util.function.Supplier;

import org.crs.domain.access.Caller;

/**
 * The call the current thread serves, set by {@link AuthenticationFilter} around a SOAP request
 * (Axis2 serves an in-out call on the request's thread). Outside a request it is
 * {@link CallContext#internal()}.
 */
public final class CurrentCall {

    private static final ThreadLocal<CallContext> CURRENT = new ThreadLocal<>();

    private CurrentCall() {
    }

    /** The call being served on this thread. */
    public static CallContext context() {
        CallContext c = CURRENT.get();
        return c == null ? CallContext.internal() : c;
    }

    /** Who makes the call being served on this thread. */
    public static Caller caller() {
        return context().caller();
    }

    /** Runs {@code work} as {@code context} on this thread, then restores what was there. */
    public static <T> T runAs(CallContext context, Supplier<T> work) {
        CallContext before = CURRENT.get();
        CURRENT.set(context);
        try {
            return work.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    static void set(CallContext context) {
        CURRENT.set(context);
    }

    static void clear() {
        CURRENT.remove();
    }
}
