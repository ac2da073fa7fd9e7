package org.crs.service.soap.client;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.net.ssl.SSLContext;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.ssl.SSLBufferMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.crs.service.tls.TlsContexts;

/**
 * One HTTP POST of a SOAP envelope to one service, bounded as a whole by a deadline: connecting,
 * sending and reading the whole answer. A socket timeout bounds one read, not the call, so a
 * timer cancels a call that outlives its deadline. Transport failures become a
 * {@link SoapCallException}: {@code TIMEOUT} when the deadline passed, {@code NO_CONNECTION} when
 * there was no connection.
 *
 * <p>One client (HTTP/1.1, a keep-alive pool of up to {@value #CONNECTIONS} connections) per
 * service; it is safe for any number of threads, and {@link #close} releases its connections.
 *
 * <p>An {@code https://} service is called with the given {@link SSLContext} (the calling service's own
 * certificate for client authentication and its trusted authorities, {@link TlsContexts}),
 * TLS 1.3 or 1.2, the service's certificate checked against the host name of the URL.
 *
 * <p>Public for clients of other SOAP protocols, which write and read their own envelopes
 * ({@link #postXml}: nsi-contract's {@code NsiClient}); CRS's own port types go through
 * {@link SoapClient}.
 */
public final class HttpSoapCall implements AutoCloseable {

    private static final ContentType TEXT_XML = ContentType.create("text/xml", StandardCharsets.UTF_8);
    /** As OpenNSA sends it, lower-case charset, for peers that compare the header as text. */
    private static final ContentType TEXT_XML_LOWER_CASE = ContentType.parse("text/xml; charset=utf-8");
    /** Connections kept to one service: a BAR's call pool rarely has more calls to one service at once. */
    static final int CONNECTIONS = 64;
    /** Ends calls that outlive their timeout (a socket timeout bounds one read, not the call). */
    private static final ScheduledThreadPoolExecutor DEADLINES = deadlines();

    /**
     * What came back over HTTP, read whole.
     *
     * @param statusCode the HTTP status
     * @param contentType the Content-Type header, or {@code no content type}
     * @param body the body as UTF-8 text
     */
    public record HttpAnswer(int statusCode, String contentType, String body) {
    }

    private final URI serviceUrl;
    private final Duration timeout;
    private final CloseableHttpClient http;

    /**
     * @param timeout how long one call may take in all, positive
     * @param tls what an {@code https://} service is called with; null for the JVM's default
     *     (no client certificate, the JVM's trusted authorities)
     */
    public HttpSoapCall(URI serviceUrl, Duration timeout, SSLContext tls) {
        this.serviceUrl = Objects.requireNonNull(serviceUrl, "serviceUrl");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        Timeout bound = Timeout.of(timeout);
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(CONNECTIONS)
                        .setMaxConnPerRoute(CONNECTIONS)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(bound)
                                .setSocketTimeout(bound)
                                // A connection the server closed while it was idle is found before use.
                                .setValidateAfterInactivity(TimeValue.ofMilliseconds(500))
                                .build())
                        .setTlsSocketStrategy(tls == null ? DefaultClientTlsStrategy.createDefault()
                                : new DefaultClientTlsStrategy(tls, TlsContexts.PROTOCOLS.toArray(String[]::new), null,
                                        SSLBufferMode.STATIC, HostnameVerificationPolicy.BOTH, null))
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(bound).build())
                .disableAutomaticRetries() // the caller decides; every call may be repeated with its booking id
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                // Otherwise a connection on which the caller presented its certificate is kept for calls
                // made "as" that certificate's principal, and calls without that state open new
                // connections (and handshakes): 20 calls made 20 connections. All calls here are the
                // calling service's own (SoapSegmentControllerTlsTest).
                .disableConnectionState()
                .build();
    }

    /**
     * Posts the envelope with the operation as its SOAPAction and reads the whole answer.
     *
     * @throws SoapCallException not answered: no connection ({@code NO_CONNECTION}), or no whole
     *     answer before the deadline ({@code TIMEOUT})
     */
    HttpAnswer post(String operation, String envelope) throws SoapCallException {
        return post(operation, "\"urn:" + operation + "\"", envelope, TEXT_XML);
    }

    /**
     * Posts an envelope written by the caller, with exactly this SOAPAction header value (quotes
     * included when the caller wants them) and {@code Content-Type: text/xml; charset=utf-8},
     * and reads the whole answer, whatever its status.
     *
     * @param what the call, for failures' messages (an operation's name)
     * @throws SoapCallException not answered: no connection ({@code NO_CONNECTION}), or no whole
     *     answer before the deadline ({@code TIMEOUT})
     */
    public HttpAnswer postXml(String what, String soapAction, String envelope) throws SoapCallException {
        return post(what, soapAction, envelope, TEXT_XML_LOWER_CASE);
    }

    private HttpAnswer post(String operation, String soapAction, String envelope, ContentType bodyType)
            throws SoapCallException {
        HttpPost post = new HttpPost(serviceUrl);
        post.setHeader("SOAPAction", soapAction);
        post.setEntity(new StringEntity(envelope, bodyType));
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> deadline = DEADLINES.schedule(() -> {
            late.set(true);
            post.cancel();
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        try {
            return http.execute(post, r -> {
                Header type = r.getFirstHeader("Content-Type");
                return new HttpAnswer(r.getCode(), type == null ? "no content type" : type.getValue(),
                        r.getEntity() == null ? "" : EntityUtils.toString(r.getEntity(), StandardCharsets.UTF_8));
            });
        } catch (IOException | RuntimeException e) {
            if (late.get() || e instanceof SocketTimeoutException) {
                throw new SoapCallException(SoapCallException.Kind.TIMEOUT,
                        operation + ": no answer within " + timeout.toMillis() + " ms", e);
            }
            throw new SoapCallException(SoapCallException.Kind.NO_CONNECTION, operation + ": " + transportProblem(e), e);
        } finally {
            deadline.cancel(false);
        }
    }

    /** Closes the pooled connections; calls after this fail. */
    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }

    private static ScheduledThreadPoolExecutor deadlines() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "soap-call-deadlines");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    private String transportProblem(Throwable cause) {
        if (cause instanceof ConnectTimeoutException) {
            return "could not connect to " + serviceUrl + " within " + timeout.toMillis() + " ms";
        }
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (cause instanceof ConnectException) {
            return "could not connect to " + serviceUrl + " (" + describe(root) + ")";
        }
        if (cause instanceof IOException) {
            return "connection to " + serviceUrl + " failed (" + describe(root) + ")";
        }
        return describe(cause);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

}
