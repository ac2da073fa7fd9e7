package org.crs.bar.adapter.oidc;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.crs.bar.oidc.OidcRefused;

/**
 * The calls to the provider's HTTP endpoints, each bounded by one timeout. Redirects are not
 * followed: every URL is the one the discovery document names. Error messages name the URL's
 * host and path only, never a body, a code or a credential.
 */
final class ProviderHttp {

    /** The largest answer read from the provider: discovery documents and key sets are a few kB. */
    static final int MAX_ANSWER = 1 << 20;

    private final HttpClient client;
    private final Duration timeout;

    ProviderHttp(HttpClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** A GET that must answer 200. */
    String get(URI url, String what) throws OidcRefused {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).header("Accept", "application/json").GET().build();
        Answer answer = send(request, what);
        if (answer.status() != 200) {
            throw OidcRefused.providerSilent("the provider's " + what + " (" + where(url) + ") answered HTTP "
                    + answer.status(), null);
        }
        return answer.body();
    }

    /** Any answer, with its status. */
    Answer send(HttpRequest request, String what) throws OidcRefused {
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            byte[] body = response.body();
            if (body.length > MAX_ANSWER) {
                throw OidcRefused.providerSilent("the provider's " + what + " answered more than " + MAX_ANSWER
                        + " bytes", null);
            }
            return new Answer(response.statusCode(), new String(body, java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw OidcRefused.providerSilent("the provider's " + what + " (" + where(request.uri()) + ") did not answer: "
                    + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OidcRefused.providerSilent("interrupted while asking the provider's " + what, e);
        }
    }

    private static String where(URI url) {
        return url.getScheme() + "://" + url.getAuthority() + (url.getPath() == null ? "" : url.getPath());
    }

    /** An HTTP answer. */
    record Answer(int status, String body) {
        @Override
        public String toString() {
            return "Answer[status=" + status + "]";
        }
    }
}
