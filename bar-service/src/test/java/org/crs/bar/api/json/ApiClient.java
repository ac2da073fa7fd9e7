package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/** A caller of a BAR's JSON API over real HTTP: a browser (cookies, CSRF header) or a script (HTTP Basic). */
final class ApiClient {

    static final ObjectMapper JSON = new ObjectMapper();

    /** An answer: status, headers' Set-Cookie, body as JSON (or text). */
    record Reply(int status, String body, HttpResponse<String> raw) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        String errorCode() {
            return json().path("error").path("code").asText();
        }

        String errorField() {
            return json().path("error").path("field").asText();
        }
    }

    private final URI base;
    private final HttpClient http;
    private final Optional<String> basic;
    private String csrf;
    private String session;

    private ApiClient(URI base, Optional<String> basic) {
        this.base = base;
        this.basic = basic;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** A browser: no credentials until it signs in. */
    static ApiClient browser(URI apiBase) {
        return new ApiClient(apiBase, Optional.empty());
    }

    /** A script sending HTTP Basic credentials with every call. */
    static ApiClient basic(URI apiBase, String account, String password) {
        return new ApiClient(apiBase, Optional.of("Basic " + Base64.getEncoder().encodeToString(
                (account + ":" + password).getBytes(StandardCharsets.UTF_8))));
    }

    /** The same caller (its credentials, session cookie and CSRF token) calling the API at {@code apiBase}. */
    ApiClient at(URI apiBase) {
        ApiClient other = new ApiClient(apiBase, basic);
        other.csrf = csrf;
        other.session = session;
        return other;
    }

    /** Signs in and keeps the session's CSRF token for later changes. */
    Reply signIn(String account, String password) throws Exception {
        Reply r = send("POST", "/session", "{\"account\":\"" + account + "\",\"password\":\"" + password + "\"}", false);
        if (r.status() == 200) {
            csrf = r.json().get("csrfToken").asText();
            String cookie = r.raw().headers().firstValue("Set-Cookie").orElseThrow();
            session = cookie.substring(0, cookie.indexOf(';'));
        }
        return r;
    }

    Reply get(String path) throws Exception {
        return send("GET", path, null, true);
    }

    Reply post(String path, String json) throws Exception {
        return send("POST", path, json, true);
    }

    Reply patch(String path, String json) throws Exception {
        return send("PATCH", path, json, true);
    }

    Reply delete(String path) throws Exception {
        return send("DELETE", path, null, true);
    }

    /** A change sent without the CSRF header, as another site's page would. */
    Reply postWithoutCsrf(String path, String json) throws Exception {
        return send("POST", path, json, false);
    }

    private Reply send(String method, String path, String json, boolean withCsrf) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        basic.ifPresent(v -> b.header("Authorization", v));
        if (session != null) {
            b.header("Cookie", session);
        }
        if (withCsrf && csrf != null) {
            b.header(JsonApi.CSRF_HEADER, csrf);
        }
        HttpResponse<String> response = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(response.statusCode(), response.body(), response);
    }

    /** A GET of any address with this client's session cookie, answered as a stream of lines (an event stream). */
    HttpRequest.Builder request(URI uri) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (session != null) {
            b.header("Cookie", session);
        }
        basic.ifPresent(v -> b.header("Authorization", v));
        return b;
    }

    HttpClient http() {
        return http;
    }

    URI base() {
        return base;
    }
}
