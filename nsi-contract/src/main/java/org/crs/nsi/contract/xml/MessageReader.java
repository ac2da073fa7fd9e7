package org.crs.nsi.contract.xml;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorEventKind;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.MessageDeliveryTimeout;
import org.crs.nsi.contract.message.Notification;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.OperationResult;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QueryNotification;
import org.crs.nsi.contract.message.QueryNotificationConfirmed;
import org.crs.nsi.contract.message.QueryNotificationSync;
import org.crs.nsi.contract.message.QueryNotificationSyncConfirmed;
import org.crs.nsi.contract.message.QueryRecursive;
import org.crs.nsi.contract.message.QueryRecursiveConfirmed;
import org.crs.nsi.contract.message.QueryRecursiveResult;
import org.crs.nsi.contract.message.QueryResult;
import org.crs.nsi.contract.message.QueryResultConfirmed;
import org.crs.nsi.contract.message.QueryResultEntry;
import org.crs.nsi.contract.message.QueryResultSync;
import org.crs.nsi.contract.message.QueryResultSyncConfirmed;
import org.crs.nsi.contract.message.QuerySummary;
import org.crs.nsi.contract.message.QuerySummaryConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveCommitFailed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.ReserveTimeout;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.w3c.dom.Element;

/**
 * Reads a body element of the connection types namespace into its message record, one reading
 * per element name.
 */
final class MessageReader {

    /** One element's reading. */
    private interface Reading {
        NsiMessage read(Element e) throws NsiPayloadException;
    }

    private static final Map<String, Reading> READINGS = readings();

    private MessageReader() {
    }

    /**
     * The message {@code e} is.
     *
     * @throws NsiPayloadException {@code 00100} naming it when it is no NSI CS 2.0 message, or
     *     what its content lacks
     */
    static NsiMessage read(Element e) throws NsiPayloadException {
        Reading reading = READINGS.get(e.getLocalName());
        if (reading == null) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, e.getLocalName(), "not an NSI CS 2.0 message");
        }
        try {
            return reading.read(e);
        } catch (IllegalArgumentException bad) {
            // A value every part of which was readable but that the record refuses as a whole.
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, e.getLocalName(), bad.getMessage(), bad);
        }
    }

    private static Map<String, Reading> readings() {
        Map<String, Reading> r = new HashMap<>();
        connectionIdOnly(r, ReserveCommit.ELEMENT, ReserveCommit::new);
        connectionIdOnly(r, ReserveAbort.ELEMENT, ReserveAbort::new);
        connectionIdOnly(r, Provision.ELEMENT, Provision::new);
        connectionIdOnly(r, Release.ELEMENT, Release::new);
        connectionIdOnly(r, Terminate.ELEMENT, Terminate::new);
        connectionIdOnly(r, ReserveResponse.ELEMENT, ReserveResponse::new);
        connectionIdOnly(r, ReserveCommitConfirmed.ELEMENT, ReserveCommitConfirmed::new);
        connectionIdOnly(r, ReserveAbortConfirmed.ELEMENT, ReserveAbortConfirmed::new);
        connectionIdOnly(r, ProvisionConfirmed.ELEMENT, ProvisionConfirmed::new);
        connectionIdOnly(r, ReleaseConfirmed.ELEMENT, ReleaseConfirmed::new);
        connectionIdOnly(r, TerminateConfirmed.ELEMENT, TerminateConfirmed::new);
        r.put(Reserve.ELEMENT, MessageReader::reserve);
        r.put(ReserveConfirmed.ELEMENT, MessageReader::reserveConfirmed);
        r.put(ReserveFailed.ELEMENT, e -> new ReserveFailed(Dom.requiredText(e, "connectionId"), states(e),
                exception(e)));
        r.put(ReserveCommitFailed.ELEMENT, e -> new ReserveCommitFailed(Dom.requiredText(e, "connectionId"),
                states(e), exception(e)));
        r.put(QuerySummary.ELEMENT, e -> new QuerySummary(ids(e, "connectionId"), ids(e, "globalReservationId")));
        r.put(QuerySummarySync.ELEMENT, e -> new QuerySummarySync(ids(e, "connectionId"),
                ids(e, "globalReservationId")));
        r.put(QueryRecursive.ELEMENT, e -> new QueryRecursive(ids(e, "connectionId"), ids(e, "globalReservationId")));
        r.put(QueryNotification.ELEMENT, e -> new QueryNotification(Dom.requiredText(e, "connectionId"),
                Dom.optionalLong(e, "startNotificationId"), Dom.optionalLong(e, "endNotificationId")));
        r.put(QueryNotificationSync.ELEMENT, e -> new QueryNotificationSync(Dom.requiredText(e, "connectionId"),
                Dom.optionalLong(e, "startNotificationId"), Dom.optionalLong(e, "endNotificationId")));
        r.put(QueryResult.ELEMENT, e -> new QueryResult(Dom.requiredText(e, "connectionId"),
                Dom.optionalLong(e, "startResultId"), Dom.optionalLong(e, "endResultId")));
        r.put(QueryResultSync.ELEMENT, e -> new QueryResultSync(Dom.requiredText(e, "connectionId"),
                Dom.optionalLong(e, "startResultId"), Dom.optionalLong(e, "endResultId")));
        r.put(QuerySummaryConfirmed.ELEMENT, e -> new QuerySummaryConfirmed(summaries(e)));
        r.put(QuerySummarySyncConfirmed.ELEMENT, e -> new QuerySummarySyncConfirmed(summaries(e)));
        r.put(QueryRecursiveConfirmed.ELEMENT, e -> new QueryRecursiveConfirmed(recursives(e)));
        r.put(QueryNotificationConfirmed.ELEMENT, e -> new QueryNotificationConfirmed(notifications(e)));
        r.put(QueryNotificationSyncConfirmed.ELEMENT, e -> new QueryNotificationSyncConfirmed(notifications(e)));
        r.put(QueryResultConfirmed.ELEMENT, e -> new QueryResultConfirmed(results(e)));
        r.put(QueryResultSyncConfirmed.ELEMENT, e -> new QueryResultSyncConfirmed(results(e)));
        r.put(Acknowledgment.ELEMENT, e -> new Acknowledgment());
        r.put(ErrorMessage.ELEMENT, e -> new ErrorMessage(exception(e)));
        r.put(ErrorEvent.ELEMENT, MessageReader::errorEvent);
        r.put(ReserveTimeout.ELEMENT, e -> new ReserveTimeout(Dom.requiredText(e, "connectionId"),
                Dom.requiredLong(e, "notificationId"), Dom.requiredInstant(e, "timeStamp"),
                Dom.requiredInt(e, "timeoutValue"), Dom.requiredText(e, "originatingConnectionId"),
                Dom.requiredText(e, "originatingNSA")));
        r.put(DataPlaneStateChange.ELEMENT, e -> new DataPlaneStateChange(Dom.requiredText(e, "connectionId"),
                Dom.requiredLong(e, "notificationId"), Dom.requiredInstant(e, "timeStamp"),
                PartsReader.dataPlaneStatus(Dom.required(e, "dataPlaneStatus"))));
        r.put(MessageDeliveryTimeout.ELEMENT, e -> new MessageDeliveryTimeout(Dom.requiredText(e, "connectionId"),
                Dom.requiredLong(e, "notificationId"), Dom.requiredInstant(e, "timeStamp"),
                Dom.requiredText(e, "correlationId")));
        return Map.copyOf(r);
    }

    private static void connectionIdOnly(Map<String, Reading> r, String element, Function<String, NsiMessage> make) {
        r.put(element, e -> make.apply(Dom.requiredText(e, "connectionId")));
    }

    private static Reserve reserve(Element e) throws NsiPayloadException {
        return new Reserve(Dom.optionalText(e, "connectionId"), Dom.optionalText(e, "globalReservationId"),
                Dom.optionalRawText(e, "description"), PartsReader.criteria(Dom.required(e, "criteria")));
    }

    /** A confirmation says its criteria's version and service type; any version (OpenNSA: 0) and any type. */
    private static ReserveConfirmed reserveConfirmed(Element e) throws NsiPayloadException {
        Element c = Dom.required(e, "criteria");
        Criteria criteria = PartsReader.criteria(c);
        if (criteria.version().isEmpty()) {
            throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "@version", "missing on criteria");
        }
        if (criteria.serviceType().isEmpty()) {
            throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "serviceType", "missing in criteria");
        }
        return new ReserveConfirmed(Dom.requiredText(e, "connectionId"), Dom.optionalText(e, "globalReservationId"),
                Dom.optionalRawText(e, "description"), criteria);
    }

    private static ErrorEvent errorEvent(Element e) throws NsiPayloadException {
        String event = Dom.requiredText(e, "event");
        Optional<Element> info = Dom.optional(e, "additionalInfo");
        Optional<Element> exception = Dom.optional(e, "serviceException");
        return new ErrorEvent(Dom.requiredText(e, "connectionId"), Dom.requiredLong(e, "notificationId"),
                Dom.requiredInstant(e, "timeStamp"),
                ErrorEventKind.fromWire(event).orElseThrow(() -> new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR,
                        "event", "'" + event + "' is not an errorEvent's event")),
                Dom.requiredText(e, "originatingConnectionId"), Dom.requiredText(e, "originatingNSA"),
                info.isEmpty() ? Map.of() : PartsReader.typeValues(info.get(), "attribute"),
                exception.isEmpty() ? Optional.empty() : Optional.of(PartsReader.serviceException(exception.get())));
    }

    private static ConnectionStates states(Element e) throws NsiPayloadException {
        return PartsReader.states(Dom.required(e, "connectionStates"));
    }

    private static ServiceExceptionInfo exception(Element e) throws NsiPayloadException {
        return PartsReader.serviceException(Dom.required(e, "serviceException"));
    }

    private static List<String> ids(Element e, String name) {
        List<String> ids = new ArrayList<>();
        for (Element id : Dom.children(e, name)) {
            ids.add(Dom.text(id));
        }
        return ids;
    }

    private static List<QuerySummaryResult> summaries(Element e) throws NsiPayloadException {
        List<QuerySummaryResult> all = new ArrayList<>();
        for (Element r : Dom.children(e, "reservation")) {
            all.add(PartsReader.summaryResult(r));
        }
        return all;
    }

    private static List<QueryRecursiveResult> recursives(Element e) throws NsiPayloadException {
        List<QueryRecursiveResult> all = new ArrayList<>();
        for (Element r : Dom.children(e, "reservation")) {
            all.add(PartsReader.recursiveResult(r));
        }
        return all;
    }

    /** The notifications a queryNotification answer lists, each a message element of its own. */
    private static List<Notification> notifications(Element e) throws NsiPayloadException {
        List<Notification> all = new ArrayList<>();
        for (Element n : Dom.children(e)) {
            NsiMessage m = read(n);
            if (!(m instanceof Notification)) {
                throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, n.getLocalName(), "not a notification");
            }
            all.add((Notification) m);
        }
        return all;
    }

    /** The results a queryResult answer lists: id, correlation id, time, and the message. */
    private static List<QueryResultEntry> results(Element e) throws NsiPayloadException {
        List<QueryResultEntry> all = new ArrayList<>();
        for (Element r : Dom.children(e, "result")) {
            Element message = null;
            for (Element c : Dom.children(r)) {
                if (!Dom.is(c, "resultId") && !Dom.is(c, "correlationId") && !Dom.is(c, "timeStamp")) {
                    message = c;
                }
            }
            if (message == null) {
                throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "result", "holds no result message");
            }
            NsiMessage m = read(message);
            if (!(m instanceof OperationResult)) {
                throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, message.getLocalName(),
                        "not a result a queryResult lists");
            }
            all.add(new QueryResultEntry(Dom.requiredLong(r, "resultId"), Dom.requiredText(r, "correlationId"),
                    Dom.requiredInstant(r, "timeStamp"), (OperationResult) m));
        }
        return all;
    }
}
