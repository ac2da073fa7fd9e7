package org.crs.service.soap;

import jakarta.servlet.http.HttpServletRequest;
import java.io.InputStream;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMException;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.builder.SOAPBuilder;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Axis2's SOAP message builder (for text/xml and application/soap+xml), except that the whole
 * envelope is parsed at once, and XML the parser refuses (not well-formed, a DOCTYPE and so any
 * entity, nesting too deep) is answered with a Client fault and logged as one WARN line.
 *
 * <p>Axis2 parses lazily: a refusal surfaced wherever the tree was first read, Axis2 logged it at
 * ERROR with a stack trace, and answered a Server fault (for a DOCTYPE, one with an empty code)
 * whose text was the parser's exception class names.
 *
 * <p>Public with a no-argument constructor: axis2.xml names it.
 */
public final class RefusingSoapBuilder implements Builder {

    private static final Logger log = LoggerFactory.getLogger(RefusingSoapBuilder.class);

    private final SOAPBuilder soap = new SOAPBuilder();

    @Override
    public OMElement processDocument(InputStream in, String contentType, MessageContext context) throws AxisFault {
        try {
            OMElement envelope = soap.processDocument(in, contentType, context);
            envelope.build();
            return envelope;
        } catch (OMException e) {
            XMLStreamException refusal = parserRefusal(e);
            if (refusal == null) {
                throw e;
            }
            String reason = refusal.getMessage() == null ? "unreadable XML" : refusal.getMessage().strip();
            Object servletRequest = context.getProperty(HTTPConstants.MC_HTTP_SERVLETREQUEST);
            if (servletRequest instanceof HttpServletRequest request) {
                log.warn("Refused XML from {} to {}: {}", request.getRemoteAddr(), request.getRequestURI(), oneLine(reason));
            } else {
                log.warn("Refused XML: {}", oneLine(reason));
            }
            AxisFault fault = new AxisFault("The request is not XML that SOAP allows (well-formed, no DOCTYPE, not nested"
                    + " too deep): " + reason);
            // the message context does not know the SOAP version yet: the content type says it
            boolean soap12 = contentType != null && contentType.toLowerCase(Locale.ROOT).contains("application/soap+xml");
            fault.setFaultCode(CrsRpcMessageReceiver.clientCode(!soap12));
            throw fault;
        }
    }

    /** The parser's refusal behind {@code e}, or null when {@code e} is not one. */
    private static XMLStreamException parserRefusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof XMLStreamException x) {
                return x;
            }
        }
        return null;
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s+", " ");
    }
}
