package org.crs.bar.api.json;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * A refused or failed JSON call, answered as {@code {"error": {"code", "field", "reason"}}} with
 * its HTTP status. The code is a {@link RefusalCode} name, or one of {@link Problem} for what only
 * HTTP can get wrong (a path that does not exist, a body that is not JSON).
 */
public final class ApiError extends Exception {

    private static final long serialVersionUID = 1L;

    /** What only HTTP tells apart: a request no operation sees, and a resource that is not there for the caller. */
    public enum Problem {
        /** No operation at this path. */
        NO_SUCH_PATH(404),
        /**
         * The reservation the path names is not one the caller may see: it does not exist, or it
         * is another's (which this answer does not tell apart).
         */
        NOT_FOUND(404),
        /** The path exists, the method does not. */
        METHOD_NOT_ALLOWED(405),
        /** A state-changing request made with a session cookie lacks the session's CSRF token. */
        CSRF_TOKEN_MISSING(403),
        /** The body is not a JSON object. */
        NOT_JSON(400),
        /** The BAR failed (the log says why). */
        INTERNAL(500);

        private final int status;

        Problem(int status) {
            this.status = status;
        }
    }

    private final int status;
    private final String code;
    private final Optional<String> field;

    private ApiError(int status, String code, Optional<String> field, String reason) {
        super(Objects.requireNonNull(reason, "reason"));
        this.status = status;
        this.code = code;
        this.field = field;
    }

    /** A problem of the HTTP request itself. */
    public static ApiError of(Problem problem, String field, String reason) {
        return new ApiError(problem.status, problem.name(), Optional.ofNullable(field), reason);
    }

    /** A field of the request that is missing or malformed: 400 {@code BAD_FIELD}. */
    public static ApiError badField(String field, String reason) {
        return of(new Refusal(RefusalCode.BAD_FIELD, field, field + ": " + reason));
    }

    /** Too many failed sign-ins: 429 {@code THROTTLED}, saying how long to wait (whole seconds, rounded up). */
    public static ApiError throttled(java.time.Duration pause) {
        long seconds = Math.max(1, (pause.toMillis() + 999) / 1000);
        return of(new Refusal(RefusalCode.THROTTLED, "", "too many failed sign-ins; try again in " + seconds + " s"));
    }

    /** A refusal by the service, with the status its code calls for. */
    public static ApiError of(Refusal refusal) {
        return of(refusal, true);
    }

    /**
     * A refusal with the status its code calls for.
     *
     * @param callersError false when it is this BAR's or a provider's failure (a provider that did not answer): 503
     */
    public static ApiError of(Refusal refusal, boolean callersError) {
        return new ApiError(status(refusal.code(), callersError), refusal.code().name(),
                Optional.of(refusal.field()).filter(f -> !f.isEmpty()), refusal.message());
    }

    /** The HTTP status of a refusal: the caller's error 4xx, our own failure (a silent provider) 503. */
    static int status(RefusalCode code, boolean callersError) {
        if (!callersError) {
            return 503;
        }
        return switch (code) {
            case BAD_FIELD -> 400;
            case NOT_SIGNED_IN -> 401;
            case NOT_ALLOWED -> 403;
            case THROTTLED -> 429;
            case TIMEOUT, PROVIDER_SILENT, STORE_UNAVAILABLE -> 503;
            case NO_CAPACITY, NO_PATH, MAINTENANCE, VLAN_UNAVAILABLE, HOST_PORT_BUSY, POLICY, QUOTA_EXCEEDED,
                 ACTIVATION_TOO_EARLY, FAR_NETWORK_REFUSED -> 409;
        };
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public Optional<String> field() {
        return field;
    }

    public String reason() {
        return getMessage();
    }
}
