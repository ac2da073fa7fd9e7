package org.crs.service.soap;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.transport.http.AxisServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AxisServlet with four fixes:
 * <ul>
 * <li>a request over TLS is served by the http receiver when the server has no https one (TLS
 * beside plain HTTP, see {@link SoapServer}): Axis2 would refuse it ("https is forbidden"). The
 * request keeps its attributes, the client's certificate chain among them;</li>
 * <li>an answer goes out in one write, with a Content-Length, when it fits the response buffer:
 * Axis2 flushes the stream once the envelope is written, which made Tomcat send the headers and
 * the envelope as one chunk and the chunked encoding's end as a second write, for the client to
 * wait on and read separately;</li>
 * <li>a request REST would have served (GET/PUT/DELETE of an operation URL, a POST that is not
 * SOAP) is answered 405 Method Not Allowed, where Axis2 answers 202 Accepted with an HTML page
 * asking to enable REST, which a client could read as success;</li>
 * <li>destroy() only terminates the configuration context: Axis2 2.0's own destroy() also tries
 * to load commons-httpclient 3 and logs a ClassNotFoundException at ERROR on every shutdown.</li>
 * </ul>
 */
final class CrsAxisServlet extends AxisServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(CrsAxisServlet.class);

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (request.isSecure() && axisConfiguration.getTransportIn(Constants.TRANSPORT_HTTPS) == null) {
            request = new HttpServletRequestWrapper(request) {
                @Override
                public boolean isSecure() {
                    return false; // only for Axis2's choice of receiver
                }
            };
        }
        super.service(request, response);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        super.doPost(request, new UnflushedResponse(response));
    }

    @Override
    protected void showRestDisabledErrorMessage(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
        response.setHeader("Allow", "GET, POST");
        response.setContentType("text/plain; charset=UTF-8");
        // Axis2 has already called getOutputStream() when it gets here from doPost
        response.getOutputStream().write(("Operations are invoked by POSTing a SOAP 1.1 (text/xml) or SOAP 1.2"
                + " (application/soap+xml) envelope; GET serves only ?wsdl and ?xsd.\n").getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void destroy() {
        try {
            if (configContext != null) {
                configContext.terminate();
            }
        } catch (AxisFault e) {
            log.info("Terminating the Axis2 configuration context: {}", e.getMessage());
        }
    }

    /**
     * A response whose stream ignores flush(): the container sends what is buffered when the
     * request ends (or when the buffer fills), and then knows the length of a small answer.
     */
    private static final class UnflushedResponse extends HttpServletResponseWrapper {
        private ServletOutputStream stream;

        UnflushedResponse(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (stream == null) {
                stream = new UnflushedStream(super.getOutputStream());
            }
            return stream;
        }
    }

    private static final class UnflushedStream extends ServletOutputStream {
        private final ServletOutputStream out;

        UnflushedStream(ServletOutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void flush() {
            // sent when the request ends
        }

        @Override
        public void close() throws IOException {
            out.close();
        }

        @Override
        public boolean isReady() {
            return out.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            out.setWriteListener(listener);
        }
    }
}
