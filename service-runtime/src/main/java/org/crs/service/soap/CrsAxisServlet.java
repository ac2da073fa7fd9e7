package org.crs.service.soap;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.axis2.AxisFault;
import org.apache.axis2.transport.http.AxisServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AxisServlet with two fixes:
 * <ul>
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
}
