package org.crs.nsi.contract.xml;

import java.util.List;

import org.crs.nsi.contract.NsiNamespaces;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.ConnectionIdOnly;
import org.crs.nsi.contract.message.ConnectionQuery;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.GenericFailure;
import org.crs.nsi.contract.message.MessageDeliveryTimeout;
import org.crs.nsi.contract.message.Notification;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.QueryNotification;
import org.crs.nsi.contract.message.QueryNotificationConfirmed;
import org.crs.nsi.contract.message.QueryNotificationSync;
import org.crs.nsi.contract.message.QueryNotificationSyncConfirmed;
import org.crs.nsi.contract.message.QueryRecursiveConfirmed;
import org.crs.nsi.contract.message.QueryResult;
import org.crs.nsi.contract.message.QueryResultConfirmed;
import org.crs.nsi.contract.message.QueryResultEntry;
import org.crs.nsi.contract.message.QueryResultSync;
import org.crs.nsi.contract.message.QueryResultSyncConfirmed;
import org.crs.nsi.contract.message.QuerySummaryConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveTimeout;

/**
 * Writes a message as its qualified element in the connection types namespace with its content
 * unqualified, in the schema's order. Messages of one shape (the generic request, confirmation,
 * failure and query) are written alike.
 */
final class MessageWriter {

    private MessageWriter() {
    }

    static void write(XmlOut out, NsiMessage m) {
        out.startQualified(PartsWriter.TYPES, m.element(), NsiNamespaces.CONNECTION_TYPES);
        content(out, m);
        out.end();
    }

    private static void content(XmlOut out, NsiMessage m) {
        if (m instanceof ConnectionIdOnly) {
            out.element("connectionId", ((ConnectionIdOnly) m).connectionId());
        } else if (m instanceof GenericFailure) {
            GenericFailure f = (GenericFailure) m;
            out.element("connectionId", f.connectionId());
            PartsWriter.states(out, f.connectionStates());
            PartsWriter.serviceException(out, "serviceException", f.serviceException());
        } else if (m instanceof ConnectionQuery) {
            ConnectionQuery q = (ConnectionQuery) m;
            out.each("connectionId", q.connectionIds()).each("globalReservationId", q.globalReservationIds());
        } else if (m instanceof Reserve) {
            Reserve r = (Reserve) m;
            out.optional("connectionId", r.connectionId())
                    .optional("globalReservationId", r.globalReservationId())
                    .optional("description", r.description());
            PartsWriter.criteria(out, r.criteria());
        } else if (m instanceof ReserveConfirmed) {
            ReserveConfirmed r = (ReserveConfirmed) m;
            out.element("connectionId", r.connectionId())
                    .optional("globalReservationId", r.globalReservationId())
                    .optional("description", r.description());
            PartsWriter.criteria(out, r.criteria());
        } else if (m instanceof Notification) {
            notification(out, (Notification) m);
        } else if (m instanceof ErrorMessage) {
            PartsWriter.serviceException(out, "serviceException", ((ErrorMessage) m).serviceException());
        } else if (!(m instanceof Acknowledgment)) {
            queryContent(out, m);
        }
    }

    private static void queryContent(XmlOut out, NsiMessage m) {
        if (m instanceof QueryNotification) {
            QueryNotification q = (QueryNotification) m;
            range(out, q.connectionId(), "NotificationId", q.startNotificationId(), q.endNotificationId());
        } else if (m instanceof QueryNotificationSync) {
            QueryNotificationSync q = (QueryNotificationSync) m;
            range(out, q.connectionId(), "NotificationId", q.startNotificationId(), q.endNotificationId());
        } else if (m instanceof QueryResult) {
            QueryResult q = (QueryResult) m;
            range(out, q.connectionId(), "ResultId", q.startResultId(), q.endResultId());
        } else if (m instanceof QueryResultSync) {
            QueryResultSync q = (QueryResultSync) m;
            range(out, q.connectionId(), "ResultId", q.startResultId(), q.endResultId());
        } else if (m instanceof QuerySummaryConfirmed) {
            summaries(out, ((QuerySummaryConfirmed) m).reservations());
        } else if (m instanceof QuerySummarySyncConfirmed) {
            summaries(out, ((QuerySummarySyncConfirmed) m).reservations());
        } else if (m instanceof QueryRecursiveConfirmed) {
            ((QueryRecursiveConfirmed) m).reservations().forEach(r -> PartsWriter.recursiveResult(out, r));
        } else if (m instanceof QueryNotificationConfirmed) {
            ((QueryNotificationConfirmed) m).notifications().forEach(n -> write(out, n));
        } else if (m instanceof QueryNotificationSyncConfirmed) {
            ((QueryNotificationSyncConfirmed) m).notifications().forEach(n -> write(out, n));
        } else if (m instanceof QueryResultConfirmed) {
            results(out, ((QueryResultConfirmed) m).results());
        } else if (m instanceof QueryResultSyncConfirmed) {
            results(out, ((QueryResultSyncConfirmed) m).results());
        } else {
            throw new IllegalStateException("no writer for " + m.element());
        }
    }

    private static void range(XmlOut out, String connectionId, String idName, java.util.Optional<Long> start,
            java.util.Optional<Long> end) {
        out.element("connectionId", connectionId).optional("start" + idName, start).optional("end" + idName, end);
    }

    private static void summaries(XmlOut out, List<QuerySummaryResult> reservations) {
        reservations.forEach(r -> PartsWriter.summaryResult(out, r));
    }

    private static void results(XmlOut out, List<QueryResultEntry> results) {
        for (QueryResultEntry r : results) {
            out.start("result").element("resultId", r.resultId()).element("correlationId", r.correlationId())
                    .instant("timeStamp", r.timeStamp());
            write(out, r.result());
            out.end();
        }
    }

    private static void notification(XmlOut out, Notification n) {
        out.element("connectionId", n.connectionId()).element("notificationId", n.notificationId())
                .instant("timeStamp", n.timeStamp());
        if (n instanceof ErrorEvent) {
            ErrorEvent e = (ErrorEvent) n;
            out.element("event", e.event().wireName())
                    .element("originatingConnectionId", e.originatingConnectionId())
                    .element("originatingNSA", e.originatingNsa());
            if (!e.additionalInfo().isEmpty()) {
                out.start("additionalInfo").typeValues("attribute", e.additionalInfo()).end();
            }
            e.serviceException().ifPresent(x -> PartsWriter.serviceException(out, "serviceException", x));
        } else if (n instanceof ReserveTimeout) {
            ReserveTimeout t = (ReserveTimeout) n;
            out.element("timeoutValue", t.timeoutValue())
                    .element("originatingConnectionId", t.originatingConnectionId())
                    .element("originatingNSA", t.originatingNsa());
        } else if (n instanceof DataPlaneStateChange) {
            PartsWriter.dataPlaneStatus(out, ((DataPlaneStateChange) n).dataPlaneStatus());
        } else if (n instanceof MessageDeliveryTimeout) {
            out.element("correlationId", ((MessageDeliveryTimeout) n).correlationId());
        }
    }
}
