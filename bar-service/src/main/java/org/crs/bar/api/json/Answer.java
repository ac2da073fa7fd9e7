package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** What an operation of the JSON API answers. */
sealed interface Answer {

    /** A JSON body. */
    record Body(int status, JsonNode json) implements Answer {
    }

    /** A text body of another type (iCalendar, CSV), offered as a file when it has a name. */
    record Text(String contentType, String text, Optional<String> fileName) implements Answer {
    }

    /** 204, no body. */
    record NoContent() implements Answer {
    }

    /** 302 to another address (the identity provider, back to the page). */
    record Redirect(String location) implements Answer {
    }

    /** The operation answers by itself, asynchronously (an event stream). */
    record Streaming() implements Answer {
    }

    static Answer ok(JsonNode json) {
        return new Body(200, json);
    }

    static Answer created(JsonNode json) {
        return new Body(201, json);
    }
}
