package org.crs.service.soap;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses request bodies larger than a limit before any parser sees them.
 *
 * <p>A declared Content-Length over the limit is refused without reading the body. A body of
 * unknown length (chunked) is read into memory up to the limit; if more arrives it is refused,
 * otherwise the servlet reads the buffered copy. A body with a declared length within the limit
 * is passed through untouched (the container never delivers more than the declared length).
 *
 * <p>The refusal is HTTP 413 with a SOAP fault body (SOAP 1.2 when the request was
 * {@code application/soap+xml}, SOAP 1.1 otherwise), and the connection is closed.
 */
final class RequestSizeLimitFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(RequestSizeLimitFilter.class);

    private final long maxBytes;

    RequestSizeLimitFilter(long maxBytes) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest request) || !(res instanceof HttpServletResponse response)) {
            chain.doFilter(req, res);
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared > maxBytes) {
            refuse(request, response, "declared " + declared);
            return;
        }
        if (declared >= 0 || !hasBody(request)) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = readAtMost(request.getInputStream(), maxBytes + 1);
        if (body.length > maxBytes) {
            refuse(request, response, "chunked, more than " + maxBytes);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    private static boolean hasBody(HttpServletRequest request) {
        String te = request.getHeader("Transfer-Encoding");
        return te != null && !te.isBlank();
    }

    private static byte[] readAtMost(InputStream in, long limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        byte[] buf = new byte[8192];
        long total = 0;
        int n;
        while (total < limit && (n = in.read(buf, 0, (int) Math.min(buf.length, limit - total))) != -1) {
            out.write(buf, 0, n);
            total += n;
        }
        return out.toByteArray();
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response, String size)
            throws IOException {
        log.warn("Refused request to {} from {}: body larger than {} bytes ({})",
                request.getRequestURI(), request.getRemoteAddr(), maxBytes, size);
        String reason = "Request body larger than " + maxBytes + " bytes";
        String contentType = request.getContentType();
        boolean soap12 = contentType != null && contentType.toLowerCase().startsWith("application/soap+xml");
        String body;
        if (soap12) {
            response.setContentType("application/soap+xml; charset=UTF-8");
            body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                    + "<soapenv:Envelope xmlns:soapenv=\"http://www.w3.org/2003/05/soap-envelope\"><soapenv:Body>"
                    + "<soapenv:Fault><soapenv:Code><soapenv:Value>soapenv:Sender</soapenv:Value></soapenv:Code>"
                    + "<soapenv:Reason><soapenv:Text xml:lang=\"en\">" + reason + "</soapenv:Text></soapenv:Reason>"
                    + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>";
        } else {
            response.setContentType("text/xml; charset=UTF-8");
            body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                    + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                    + "<soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>" + reason + "</faultstring>"
                    + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>";
        }
        response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
        response.setHeader("Connection", "close");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
        response.flushBuffer();
    }

    /** The request with its body replaced by an in-memory copy. */
    private static final class BufferedBodyRequest extends HttpServletRequestWrapper {
        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("async reads of a buffered body");
                }
            };
        }

        @Override
        public java.io.BufferedReader getReader() throws IOException {
            String enc = getCharacterEncoding();
            return new java.io.BufferedReader(new java.io.InputStreamReader(getInputStream(),
                    enc == null ? StandardCharsets.ISO_8859_1.name() : enc));
        }
    }
}
