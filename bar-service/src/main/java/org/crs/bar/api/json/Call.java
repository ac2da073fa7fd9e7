package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.service.security.CallContext;

/** One request to the JSON API, as its operation reads it. */
final class Call {

    final HttpServletRequest request;
    final HttpServletResponse response;
    final CallContext context;
    private final Map<String, String> path;
    private final JsonNode body;
    private AccessTable.Operation auditedAs;

    Call(HttpServletRequest request, HttpServletResponse response, CallContext context, Map<String, String> path,
         JsonNode body) {
        this.request = request;
        this.response = response;
        this.context = context;
        this.path = path;
        this.body = body;
    }

    /** Records this call under {@code operation} rather than its route's (one route, several port type operations). */
    /** Who makes the call, as the door signed it in. */
    Caller caller() {
        return context.caller();
    }

    void auditAs(AccessTable.Operation operation) {
        this.auditedAs = operation;
    }

    Optional<AccessTable.Operation> auditedAs() {
        return Optional.ofNullable(auditedAs);
    }

    /** A path parameter. */
    String path(String name) {
        return path.get(name);
    }

    /** The request's JSON object (an empty one when it had no body). */
    JsonNode body() {
        return body;
    }

    Optional<String> query(String name) {
        return Optional.ofNullable(request.getParameter(name)).filter(v -> !v.isBlank());
    }

    /** Every value of a repeated query parameter, also comma-separated ones. */
    List<String> queries(String name) {
        String[] values = request.getParameterValues(name);
        return values == null ? List.of() : Arrays.stream(values).flatMap(v -> Arrays.stream(v.split(",")))
                .map(String::trim).filter(v -> !v.isEmpty()).toList();
    }

    Optional<Instant> queryInstant(String name) throws ApiError {
        Optional<String> v = query(name);
        return v.isEmpty() ? Optional.empty() : Optional.of(Json.instant(name, v.get()));
    }

    /** A time query parameter as the port types take it. */
    OptionalLong queryNumber(String name) throws ApiError {
        Optional<String> v = query(name);
        if (v.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(v.get().trim()));
        } catch (NumberFormatException e) {
            throw ApiError.badField(name, "must be a whole number, was '" + v.get() + "'");
        }
    }

    long requiredQueryNumber(String name) throws ApiError {
        OptionalLong n = queryNumber(name);
        if (n.isEmpty()) {
            throw ApiError.badField(name, "is missing");
        }
        return n.getAsLong();
    }

    /** An integer query parameter within [min, max], or {@code otherwise} when absent. */
    int queryInt(String name, int otherwise, int min, int max) throws ApiError {
        OptionalLong n = queryNumber(name);
        if (n.isEmpty()) {
            return otherwise;
        }
        if (n.getAsLong() < min || n.getAsLong() > max) {
            throw ApiError.badField(name, "must be " + min + " to " + max + ", was " + n.getAsLong());
        }
        return (int) n.getAsLong();
    }

    /** The base address the browser used: {@code http://127.0.0.1:8080}. */
    String origin() {
        String scheme = request.getScheme();
        int port = request.getServerPort();
        boolean defaultPort = "http".equals(scheme) && port == 80 || "https".equals(scheme) && port == 443;
        return scheme + "://" + request.getServerName() + (defaultPort ? "" : ":" + port);
    }
}
