package org.crs.nsi.contract;

import java.util.Optional;

/**
 * Every operation of the two ports: its name (also its request element's), its port, its
 * SOAPAction and the element its synchronous answer is. A result of a provider operation comes
 * later as a requester operation (reserve -> reserveConfirmed or reserveFailed).
 */
public enum NsiOperation {
    RESERVE("reserve", NsiPort.PROVIDER, "reserveResponse"),
    RESERVE_COMMIT("reserveCommit", NsiPort.PROVIDER, Answers.ACK),
    RESERVE_ABORT("reserveAbort", NsiPort.PROVIDER, Answers.ACK),
    PROVISION("provision", NsiPort.PROVIDER, Answers.ACK),
    RELEASE("release", NsiPort.PROVIDER, Answers.ACK),
    TERMINATE("terminate", NsiPort.PROVIDER, Answers.ACK),
    QUERY_SUMMARY("querySummary", NsiPort.PROVIDER, Answers.ACK),
    QUERY_SUMMARY_SYNC("querySummarySync", NsiPort.PROVIDER, "querySummarySyncConfirmed"),
    QUERY_RECURSIVE("queryRecursive", NsiPort.PROVIDER, Answers.ACK),
    QUERY_NOTIFICATION("queryNotification", NsiPort.PROVIDER, Answers.ACK),
    QUERY_NOTIFICATION_SYNC("queryNotificationSync", NsiPort.PROVIDER, "queryNotificationSyncConfirmed"),
    QUERY_RESULT("queryResult", NsiPort.PROVIDER, Answers.ACK),
    QUERY_RESULT_SYNC("queryResultSync", NsiPort.PROVIDER, "queryResultSyncConfirmed"),

    RESERVE_CONFIRMED("reserveConfirmed", NsiPort.REQUESTER, Answers.ACK),
    RESERVE_FAILED("reserveFailed", NsiPort.REQUESTER, Answers.ACK),
    RESERVE_COMMIT_CONFIRMED("reserveCommitConfirmed", NsiPort.REQUESTER, Answers.ACK),
    RESERVE_COMMIT_FAILED("reserveCommitFailed", NsiPort.REQUESTER, Answers.ACK),
    RESERVE_ABORT_CONFIRMED("reserveAbortConfirmed", NsiPort.REQUESTER, Answers.ACK),
    PROVISION_CONFIRMED("provisionConfirmed", NsiPort.REQUESTER, Answers.ACK),
    RELEASE_CONFIRMED("releaseConfirmed", NsiPort.REQUESTER, Answers.ACK),
    TERMINATE_CONFIRMED("terminateConfirmed", NsiPort.REQUESTER, Answers.ACK),
    QUERY_SUMMARY_CONFIRMED("querySummaryConfirmed", NsiPort.REQUESTER, Answers.ACK),
    QUERY_RECURSIVE_CONFIRMED("queryRecursiveConfirmed", NsiPort.REQUESTER, Answers.ACK),
    QUERY_NOTIFICATION_CONFIRMED("queryNotificationConfirmed", NsiPort.REQUESTER, Answers.ACK),
    QUERY_RESULT_CONFIRMED("queryResultConfirmed", NsiPort.REQUESTER, Answers.ACK),
    ERROR("error", NsiPort.REQUESTER, Answers.ACK),
    ERROR_EVENT("errorEvent", NsiPort.REQUESTER, Answers.ACK),
    DATA_PLANE_STATE_CHANGE("dataPlaneStateChange", NsiPort.REQUESTER, Answers.ACK),
    RESERVE_TIMEOUT("reserveTimeout", NsiPort.REQUESTER, Answers.ACK),
    MESSAGE_DELIVERY_TIMEOUT("messageDeliveryTimeout", NsiPort.REQUESTER, Answers.ACK);

    /** What every SOAPAction begins with; the operation's name follows. */
    public static final String SOAP_ACTION_PREFIX = "http://schemas.ogf.org/nsi/2013/12/connection/service/";

    private final String name;
    private final NsiPort port;
    private final String answerElement;

    NsiOperation(String name, NsiPort port, String answerElement) {
        this.name = name;
        this.port = port;
        this.answerElement = answerElement;
    }

    /** The operation's name, as the WSDL spells it. */
    public String operationName() {
        return name;
    }

    /** The port that serves it. */
    public NsiPort port() {
        return port;
    }

    /** The local name of its request element in {@link NsiNamespaces#CONNECTION_TYPES}: its name. */
    public String requestElement() {
        return name;
    }

    /** The local name of its synchronous answer: {@code acknowledgment}, {@code reserveResponse} or a {@code ...SyncConfirmed}. */
    public String answerElement() {
        return answerElement;
    }

    /** Whether it is answered with a bare {@code acknowledgment} (its result, if any, comes later). */
    public boolean acknowledged() {
        return answerElement.equals(Answers.ACK);
    }

    /** Its SOAPAction, unquoted. */
    public String soapAction() {
        return SOAP_ACTION_PREFIX + name;
    }

    /** Its SOAPAction as the HTTP header sends it: in double quotes, which OpenNSA requires. */
    public String quotedSoapAction() {
        return '"' + soapAction() + '"';
    }

    /**
     * The operation a SOAPAction header names, quoted or not, surrounding blanks ignored; empty
     * when it names none.
     */
    public static Optional<NsiOperation> fromSoapAction(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String action = header.trim();
        if (action.length() >= 2 && action.startsWith("\"") && action.endsWith("\"")) {
            action = action.substring(1, action.length() - 1).trim();
        }
        if (!action.startsWith(SOAP_ACTION_PREFIX)) {
            return Optional.empty();
        }
        return fromRequestElement(action.substring(SOAP_ACTION_PREFIX.length()));
    }

    /** The operation whose request element has this local name; empty when none. */
    public static Optional<NsiOperation> fromRequestElement(String localName) {
        for (NsiOperation o : values()) {
            if (o.name.equals(localName)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** Constant names of answers, usable in the constants above. */
    private static final class Answers {
        static final String ACK = "acknowledgment";
    }
}
