package org.crs.bar.adapter.nsi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.RequesterMessage;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;
import org.crs.service.tls.CertificateSubjects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This BAR's NSI requester port, {@code /NSI/services/ConnectionRequester}: where the providers it
 * books far parts from send their results and notifications (reserveConfirmed, reserveFailed,
 * reserveCommitConfirmed/Failed, reserveAbortConfirmed, provisionConfirmed, releaseConfirmed,
 * terminateConfirmed, querySummaryConfirmed, error, errorEvent, dataPlaneStateChange,
 * reserveTimeout, messageDeliveryTimeout). Each is read with nsi-contract's {@link NsiXml},
 * handed on by {@link RequesterCallbacks} and answered with an {@code acknowledgment} carrying the
 * message's full {@code nsiHeader}; or with a SOAP fault and its {@code serviceException}: 00100
 * or 00101 for what cannot be read, 00302 for a sender that is not a configured provider (or
 * lacks its certificate), 00203 for a message about nothing this BAR waits for or holds.
 *
 * <p>It is the requester adapter's own inbound side, not a door: it serves no client and calls no
 * service, only the controllers that wait for these messages (docs/architecture.md).
 */
public final class ConnectionRequesterServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionRequesterServlet.class);
    /** The largest message read; callbacks are a few kilobytes. */
    static final int MAX_BYTES = 1 << 20;

    private final transient RequesterCallbacks callbacks;
    private final String requesterNsa;

    /** @param requesterNsa this BAR's NSA id, which its faults name */
    public ConnectionRequesterServlet(RequesterCallbacks callbacks, String requesterNsa) {
        this.callbacks = Objects.requireNonNull(callbacks, "callbacks");
        this.requesterNsa = Objects.requireNonNull(requesterNsa, "requesterNsa");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BYTES + 1);
        }
        if (body.length > MAX_BYTES) {
            fault(response, Optional.empty(), NsiErrorId.PAYLOAD_ERROR, "message larger than " + MAX_BYTES + " bytes");
            return;
        }
        NsiEnvelope envelope;
        try {
            envelope = NsiXml.read(new String(body, StandardCharsets.UTF_8));
        } catch (NsiPayloadException e) {
            fault(response, Optional.empty(), e.errorId(), e.getMessage());
            return;
        }
        if (envelope.header().isEmpty()) {
            fault(response, Optional.empty(), NsiErrorId.MISSING_PARAMETER, "nsiHeader: every NSI message carries one");
            return;
        }
        NsiHeader header = envelope.header().get();
        if (!(envelope.body() instanceof RequesterMessage message)) {
            fault(response, envelope.header(), NsiErrorId.PAYLOAD_ERROR, "not a message of the requester port: "
                    + (envelope.body() instanceof NsiFault ? "a fault" : ((org.crs.nsi.contract.message.NsiMessage)
                    envelope.body()).element()));
            return;
        }
        RequesterCallbacks.Delivery delivery = callbacks.deliver(header, message,
                CertificateSubjects.clientSubject(request));
        switch (delivery) {
            case TAKEN -> {
                response.setStatus(HttpServletResponse.SC_OK);
                write(response, NsiXml.write(header.acknowledging(), new Acknowledgment()));
            }
            case NOT_AUTHORIZED -> {
                LOG.warn("{} from {} refused: not a configured provider, or without its certificate", message.element(),
                        header.providerNsa());
                fault(response, envelope.header(), NsiErrorId.UNAUTHORIZED, "providerNSA " + header.providerNsa()
                        + " is not a provider this requester books from, or came without its certificate");
            }
            case UNKNOWN -> fault(response, envelope.header(), NsiErrorId.RESERVATION_NONEXISTENT, message.element()
                    + " about nothing this requester waits for or holds at " + header.providerNsa());
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Allow", "POST");
        response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "NSI messages are POSTed");
    }

    private void fault(HttpServletResponse response, Optional<NsiHeader> header, NsiErrorId id, String text)
            throws IOException {
        response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR); // SOAP 1.1 faults are 500
        write(response, NsiXml.writeFault(header.map(NsiHeader::acknowledging),
                NsiFault.of(ServiceExceptionInfo.of(requesterNsa, id, text))));
    }

    private static void write(HttpServletResponse response, String xml) throws IOException {
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/xml; charset=utf-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
