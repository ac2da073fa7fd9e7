package org.crs.service.security;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.refusal.RefusalCode;
import org.crs.service.db.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates every SOAP call before Axis2 reads it: the Authorization header (HTTP Basic or a
 * bearer token) or else the TLS client certificate, asked of the service's {@link Authenticator}.
 * A call without credentials, or with credentials that name nobody, is answered HTTP 401 with a
 * SOAP Client fault {@code NOT_SIGNED_IN}; a throttled one HTTP 429 with {@code THROTTLED} and a
 * Retry-After; one that cannot be decided because the service's database cannot be reached
 * (accounts and the throttle's counts live there) HTTP 503 with a Server fault
 * {@code STORE_UNAVAILABLE} and a Retry-After. A known caller's call runs with it as {@link CurrentCall}. GET (the WSDL and its
 * schemas) needs no credentials: the contract is public, the operations are not.
 */
public final class AuthenticationFilter implements Filter {

    /** The attribute in which the connector puts a verified client certificate chain. */
    public static final String CERTIFICATE_ATTRIBUTE = "jakarta.servlet.request.X509Certificate";

    private static final Logger LOG = LoggerFactory.getLogger(AuthenticationFilter.class);
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private final Authenticator authenticator;

    public AuthenticationFilter(Authenticator authenticator) {
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String address = request.getRemoteAddr();
        if (!"POST".equals(request.getMethod())) {
            chain.doFilter(req, res); // the WSDL, its schemas, and the 405 for other methods
            return;
        }
        boolean soap12 = Optional.ofNullable(request.getContentType()).orElse("")
                .toLowerCase(Locale.ROOT).startsWith("application/soap+xml");
        Credentials credentials = credentials(request);
        Authentication outcome;
        try {
            outcome = credentials instanceof Credentials.None
                    ? new Authentication.Refused("this service answers only signed-in callers: send HTTP Basic credentials,"
                            + " a bearer token or a client certificate")
                    : authenticator.authenticate(credentials, address);
        } catch (RuntimeException e) {
            if (!StoreException.isUnreachable(e)) {
                throw e;
            }
            LOG.warn("Could not tell who called from {}: the database cannot be reached; answered {}", address,
                    RefusalCode.STORE_UNAVAILABLE);
            response.setHeader("Retry-After", Long.toString(StoreException.RETRY_AFTER.toSeconds()));
            fault(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, soap12, false, StoreException.unavailable().code(),
                    StoreException.unavailable().message());
            return;
        }
        if (outcome instanceof Authentication.Authenticated known) {
            CallContext context = new CallContext(known.caller(), address,
                    credentials.certificate().map(c -> c.getSubjectX500Principal().getName()));
            CurrentCall.set(context);
            try {
                chain.doFilter(req, res);
            } finally {
                CurrentCall.clear();
            }
            return;
        }
        if (outcome instanceof Authentication.Throttled throttled) {
            long seconds = Math.max(1, (throttled.pause().toMillis() + 999) / 1000);
            LOG.info("Refused a call from {}: throttled for {} s after failed sign-ins", address, seconds);
            response.setHeader("Retry-After", Long.toString(seconds));
            fault(response, 429, soap12, true, RefusalCode.THROTTLED,
                    "too many failed sign-ins; try again in " + seconds + " s");
            return;
        }
        String reason = ((Authentication.Refused) outcome).reason();
        LOG.info("Refused a call from {}: {} ({})", address, reason, credentials);
        response.setHeader("WWW-Authenticate", "Basic realm=\"CRS\", Bearer realm=\"CRS\"");
        fault(response, HttpServletResponse.SC_UNAUTHORIZED, soap12, true, RefusalCode.NOT_SIGNED_IN, reason);
    }

    /** What the request presents: the Authorization header first, else the client certificate. */
    public static Credentials credentials(HttpServletRequest request) {
        Object chain = request.getAttribute(CERTIFICATE_ATTRIBUTE);
        List<X509Certificate> certificates = chain instanceof X509Certificate[] array && array.length > 0
                ? List.of(array) : List.of();
        Optional<X509Certificate> leaf = certificates.stream().findFirst();
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            return leaf.<Credentials>map(c -> new Credentials.Certificate(c, certificates)).orElse(new Credentials.None());
        }
        String value = header.trim();
        int space = value.indexOf(' ');
        String scheme = (space < 0 ? value : value.substring(0, space)).toLowerCase(Locale.ROOT);
        String rest = space < 0 ? "" : value.substring(space + 1).trim();
        switch (scheme) {
            case "basic": {
                String decoded;
                try {
                    decoded = new String(Base64.getDecoder().decode(rest), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return new Credentials.Malformed("the Basic credentials are not Base64", leaf);
                }
                int colon = decoded.indexOf(':');
                if (colon <= 0) {
                    return new Credentials.Malformed("the Basic credentials are not account:password", leaf);
                }
                return new Credentials.Basic(decoded.substring(0, colon), decoded.substring(colon + 1), leaf);
            }
            case "bearer":
                return rest.isEmpty() ? new Credentials.Malformed("the bearer token is empty", leaf)
                        : new Credentials.Bearer(rest, leaf);
            default:
                return new Credentials.Malformed("the Authorization scheme must be Basic or Bearer", leaf);
        }
    }

    /** Answers a SOAP fault: the caller's error (Client, Sender) or the service's (Server, Receiver). */
    private static void fault(HttpServletResponse response, int status, boolean soap12, boolean callersError,
                              RefusalCode code, String reason) throws IOException {
        String text = escape(reason);
        String envelope = soap12
                ? "<soapenv:Envelope xmlns:soapenv=\"" + SOAP12 + "\"><soapenv:Body><soapenv:Fault>"
                        + "<soapenv:Code><soapenv:Value>soapenv:" + (callersError ? "Sender" : "Receiver")
                        + "</soapenv:Value></soapenv:Code>"
                        + "<soapenv:Reason><soapenv:Text xml:lang=\"en\">" + text + "</soapenv:Text></soapenv:Reason>"
                        + "<soapenv:Detail>" + detail(code, text) + "</soapenv:Detail>"
                        + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>"
                : "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\"><soapenv:Body><soapenv:Fault>"
                        + "<faultcode>soapenv:" + (callersError ? "Client" : "Server") + "</faultcode><faultstring>" + text
                        + "</faultstring>"
                        + "<detail>" + detail(code, text) + "</detail>"
                        + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>";
        byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType((soap12 ? "application/soap+xml" : "text/xml") + "; charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static String detail(RefusalCode code, String text) {
        return "<ServiceFault><code>" + code.name() + "</code><reason>" + text + "</reason></ServiceFault>";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
