package org.crs.bar.adapter.webhook;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import org.crs.bar.port.MessageTransport;
import org.crs.bar.port.MessageTransport.DeliveryFailure;

/**
 * POSTs webhook bodies with the JDK's HTTP client: a 2xx answer delivers, anything else (another
 * status, no answer within {@link #TIMEOUT}, a refused connection) is a failure tried again
 * later. Redirects are not followed: a webhook's URL is the one registered.
 */
public final class HttpWebhookTransport implements MessageTransport.Webhook {

    /** How long connecting, and the whole exchange, may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    @Override
    public void post(String url, Map<String, String> headers, byte[] body) throws DeliveryFailure {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        try {
            HttpResponse<Void> answer = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() / 100 != 2) {
                throw new DeliveryFailure("webhook answered HTTP " + answer.statusCode());
            }
        } catch (IOException e) {
            throw new DeliveryFailure("webhook did not answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryFailure("interrupted", e);
        } catch (IllegalArgumentException e) {
            throw new DeliveryFailure("webhook URL not usable: " + e.getMessage(), e);
        }
    }
}
