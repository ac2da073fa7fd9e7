package org.crs.bar.adapter.nsi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.crs.domain.access.Caller;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.RequesterMessage;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;
import org.crs.service.security.Authentication;
import org.crs.service.security.AuthenticationFilter;
import org.crs.service.security.Authenticator;
import org.crs.service.security.Credentials;
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
 * or 00101 for what cannot be read, 00302 for a sender the service does not let send it (with the
 * BAR's refusal code in the variable {@code crsRefusalCode}; HTTP 401 when it is not signed in),
 * 00203 for a message about nothing this BAR waits for or holds.
 *
 * <p>Who sends is signed in as at every door of the BAR (a client certificate or an Authorization
 * header, by the BAR's {@link Authenticator}; a far network's provider by the certificate its
 * {@code subject} names), or is nobody when it presents nothing; whether it may send is the
 * service's decision ({@link Admission}, {@code NsiRequesterAccess}), asked before anything is
 * handed on. It is the requester adapter's own inbound side: what it takes goes to the controllers
 * waiting for it, never to a service (docs/architecture.md).
 */
public final class ConnectionRequesterServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionRequesterServlet.class);
    /** The largest message read; callbacks are a few kilobytes. */
    static final int MAX_BYTES = 1 << 20;

    /** The serviceException variable naming the request field a refusal concerns ({@code providerNSA}). */
    public static final String BAR_FIELD_VARIABLE = "crsRefusalField";

    /** Whether a caller may send a message: the service's decision, made by the server's wiring. */
    @FunctionalInterface
    public interface Admission {
        /**
         * Empty when {@code caller} may send {@code operation} (the message's element) as the
         * provider {@code providerNsa}; else why not.
         */
        Optional<Refusal> refusal(Caller caller, String operation, String providerNsa);
    }

    private final transient RequesterCallbacks callbacks;
    private final String requesterNsa;
    private final transient Authenticator authenticator;
    private final transient Admission admission;

    /** @param requesterNsa this BAR's NSA id, which its faults name */
    public ConnectionRequesterServlet(RequesterCallbacks callbacks, String requesterNsa, Authenticator authenticator,
                                      Admission admission) {
        this.callbacks = Objects.requireNonNull(callbacks, "callbacks");
        this.requesterNsa = Objects.requireNonNull(requesterNsa, "requesterNsa");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.admission = Objects.requireNonNull(admission, "admission");
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
        Authentication signedIn = signIn(request);
        if (signedIn instanceof Authentication.Throttled throttled) {
            response.setHeader("Retry-After", Long.toString(Math.max(1, throttled.pause().toSeconds())));
            refuse(response, envelope.header(), 429, new Refusal(RefusalCode.THROTTLED, "",
                    "too many failed sign-ins; try again later"));
            return;
        }
        if (signedIn instanceof Authentication.Refused refused) {
            LOG.info("{} from {} refused: {}", message.element(), request.getRemoteAddr(), refused.reason());
            refuse(response, envelope.header(), HttpServletResponse.SC_UNAUTHORIZED, new Refusal(RefusalCode.NOT_SIGNED_IN,
                    "", refused.reason()));
            return;
        }
        Caller caller = ((Authentication.Authenticated) signedIn).caller();
        Optional<Refusal> refusal = admission.refusal(caller, message.element(), header.providerNsa());
        if (refusal.isPresent()) {
            LOG.warn("{} naming {} from {} ({}) refused: {}", message.element(), header.providerNsa(), caller.name(),
                    request.getRemoteAddr(), refusal.get().message());
            refuse(response, envelope.header(), refusal.get().code() == RefusalCode.NOT_SIGNED_IN
                    ? HttpServletResponse.SC_UNAUTHORIZED : HttpServletResponse.SC_INTERNAL_SERVER_ERROR, refusal.get());
            return;
        }
        switch (callbacks.deliver(header, message)) {
            case TAKEN -> {
                response.setStatus(HttpServletResponse.SC_OK);
                write(response, NsiXml.write(header.acknowledging(), new Acknowledgment()));
            }
            case UNKNOWN -> fault(response, envelope.header(), NsiErrorId.RESERVATION_NONEXISTENT, message.element()
                    + " about nothing this requester waits for or holds at " + header.providerNsa());
        }
    }

    /**
     * Who presents the request's credentials: nobody without any (a provider configured without a
     * certificate calls so), else as the BAR's authenticator says.
     */
    private Authentication signIn(HttpServletRequest request) {
        Credentials credentials = AuthenticationFilter.credentials(request);
        if (credentials instanceof Credentials.None) {
            return new Authentication.Authenticated(new Caller.Anonymous());
        }
        return authenticator.authenticate(credentials, request.getRemoteAddr());
    }

    /** A refusal of who sent it: 00302 with the BAR's code (and the field it concerns) among the variables. */
    private void refuse(HttpServletResponse response, Optional<NsiHeader> header, int status, Refusal refusal)
            throws IOException {
        ServiceExceptionInfo e = ServiceExceptionInfo.of(requesterNsa, NsiErrorId.UNAUTHORIZED, refusal.message())
                .withVariable(NsiWireMessages.BAR_CODE_VARIABLE, refusal.code().name());
        if (!refusal.field().isEmpty()) {
            e = e.withVariable(BAR_FIELD_VARIABLE, refusal.field());
        }
        response.setStatus(status);
        write(response, NsiXml.writeFault(header.map(NsiHeader::acknowledging), NsiFault.of(e)));
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
