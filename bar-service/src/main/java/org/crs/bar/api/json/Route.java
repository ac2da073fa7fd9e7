package org.crs.bar.api.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.LinkedHashMap;

import org.crs.domain.access.AccessTable;

/**
 * One operation of the JSON API: its method and path ({@code /api/reservations/{id}}), who may
 * call it (a row of the {@link AccessTable}, or anyone), what it reads and answers (for the
 * OpenAPI document), and what it does.
 *
 * @param method HTTP method
 * @param path the path, with {@code {name}} for a path parameter
 * @param guard who may call it
 * @param summary one line for the OpenAPI document
 * @param query its query parameters
 * @param requestSchema the name of its body's schema, when it takes one
 * @param response what it answers on success
 * @param handler what it does
 */
record Route(String method, String path, Guard guard, String summary, List<Param> query, Optional<String> requestSchema,
             Response response, Handler handler) {

    Route {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        query = List.copyOf(query);
    }

    /** Who may call an operation. */
    sealed interface Guard {
        /** Anyone, signed in or not (signing in, the OpenAPI document, a calendar feed by its token). */
        record Public() implements Guard {
        }

        /** Whoever the access table allows for this port type operation; the call is audited under its name. */
        record Table(AccessTable.Operation operation) implements Guard {
        }
    }

    /** A query parameter: its name, its type in the OpenAPI document, whether it may repeat. */
    record Param(String name, Type type, boolean repeated, String description) {
        enum Type { STRING, INTEGER, DATE_TIME, BOOLEAN }
    }

    /** A successful answer: its status and the schema of its JSON body, or its media type. */
    sealed interface Response {
        record Json(int status, String schema) implements Response {
        }

        record Text(String mediaType) implements Response {
        }

        record Empty() implements Response {
        }

        record Redirect() implements Response {
        }

        record EventStream() implements Response {
        }
    }

    @FunctionalInterface
    interface Handler {
        Answer handle(Call call) throws Exception;
    }

    /** The path parameters when {@code segments} (the request path split at /) fits this route's path. */
    Optional<Map<String, String>> match(String[] segments) {
        String[] mine = path.substring(1).split("/");
        if (mine.length != segments.length) {
            return Optional.empty();
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < mine.length; i++) {
            String m = mine[i];
            int open = m.indexOf('{');
            if (open < 0) {
                if (!m.equals(segments[i])) {
                    return Optional.empty();
                }
                continue;
            }
            // {name} with an optional fixed prefix and suffix: "{token}.ics"
            int close = m.indexOf('}');
            String prefix = m.substring(0, open);
            String suffix = m.substring(close + 1);
            String s = segments[i];
            if (!s.startsWith(prefix) || !s.endsWith(suffix) || s.length() <= prefix.length() + suffix.length()) {
                return Optional.empty();
            }
            params.put(m.substring(open + 1, close), s.substring(prefix.length(), s.length() - suffix.length()));
        }
        return Optional.of(params);
    }

    /** The names of the path parameters, in order. */
    List<String> pathParams() {
        List<String> names = new ArrayList<>();
        for (String m : path.split("/")) {
            int open = m.indexOf('{');
            if (open >= 0) {
                names.add(m.substring(open + 1, m.indexOf('}')));
            }
        }
        return names;
    }
}
