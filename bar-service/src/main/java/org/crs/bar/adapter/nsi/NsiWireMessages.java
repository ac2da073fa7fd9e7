package org.crs.bar.adapter.nsi;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiStates;
import org.crs.bar.port.NsiConnections.StoredMessage;
import org.crs.bar.port.NsiMessages;
import org.crs.bar.port.NsiOutgoing;
import org.crs.domain.nsi.Stp;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.Directionality;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorEventKind;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.MessageDeliveryTimeout;
import org.crs.nsi.contract.message.Notification;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.OperationResult;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QueryNotificationConfirmed;
import org.crs.nsi.contract.message.QueryRecursiveConfirmed;
import org.crs.nsi.contract.message.QueryRecursiveResult;
import org.crs.nsi.contract.message.QueryResultConfirmed;
import org.crs.nsi.contract.message.QueryResultEntry;
import org.crs.nsi.contract.message.QuerySummaryConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.RecursiveCriteria;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveCommitFailed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ReserveTimeout;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.SummaryCriteria;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * The provider's messages as NSI CS 2.0 has them, written by nsi-contract ({@link NsiXml}): each
 * a whole SOAP envelope with its {@code nsiHeader} toward the requester. A connection's stored
 * results and notifications are such envelopes too, read back for queryResult and
 * queryNotification ({@link #read}).
 */
public final class NsiWireMessages implements NsiMessages {

    /** The serviceException variable that carries the BAR's own refusal code. */
    public static final String BAR_CODE_VARIABLE = "crsRefusalCode";

    @Override
    public String write(String requesterNsa, String providerNsa, String correlationId, NsiOutgoing message) {
        return NsiXml.write(NsiHeader.toRequester(requesterNsa, providerNsa, correlationId), message(message));
    }

    @Override
    public String messageDeliveryTimeout(String connectionId, long notificationId, Instant timeStamp,
                                         String correlationId) {
        return NsiXml.write(Optional.empty(), new MessageDeliveryTimeout(connectionId, notificationId, timeStamp,
                correlationId));
    }

    /** The wire's message of {@code m}. */
    public static NsiMessage message(NsiOutgoing m) {
        if (m instanceof NsiOutgoing.ReserveConfirmed r) {
            NsiConnection c = r.connection();
            return new ReserveConfirmed(c.connectionId(), c.globalReservationId(), c.description(), criteria(r.granted()));
        }
        if (m instanceof NsiOutgoing.Failed f) {
            ServiceExceptionInfo why = serviceException(f.providerNsa(), f.why());
            return f.kind() == NsiMessageKind.RESERVE_FAILED
                    ? new ReserveFailed(f.connectionId(), states(f.states()), why)
                    : new ReserveCommitFailed(f.connectionId(), states(f.states()), why);
        }
        if (m instanceof NsiOutgoing.Confirmed c) {
            return switch (c.kind()) {
                case RESERVE_COMMIT_CONFIRMED -> new ReserveCommitConfirmed(c.connectionId());
                case RESERVE_ABORT_CONFIRMED -> new ReserveAbortConfirmed(c.connectionId());
                case PROVISION_CONFIRMED -> new ProvisionConfirmed(c.connectionId());
                case RELEASE_CONFIRMED -> new ReleaseConfirmed(c.connectionId());
                case TERMINATE_CONFIRMED -> new TerminateConfirmed(c.connectionId());
                default -> throw new IllegalArgumentException("not a bare confirmation: " + c.kind());
            };
        }
        if (m instanceof NsiOutgoing.Error e) {
            return new ErrorMessage(serviceException(e.providerNsa(), e.why().about(e.connectionId())));
        }
        if (m instanceof NsiOutgoing.DataPlaneChange d) {
            return new DataPlaneStateChange(d.connectionId(), d.notificationId(), d.at(), dataPlane(d.states()));
        }
        if (m instanceof NsiOutgoing.ErrorEvent e) {
            return new ErrorEvent(e.connectionId(), e.notificationId(), e.at(),
                    e.activateFailed() ? ErrorEventKind.ACTIVATE_FAILED : ErrorEventKind.FORCED_END, e.connectionId(),
                    e.providerNsa(), Map.of(), Optional.empty());
        }
        if (m instanceof NsiOutgoing.ReserveTimeout t) {
            return new ReserveTimeout(t.connectionId(), t.notificationId(), t.at(), t.timeoutSeconds(), t.connectionId(),
                    t.providerNsa());
        }
        if (m instanceof NsiOutgoing.Summary s) {
            return s.kind() == NsiMessageKind.QUERY_SUMMARY_CONFIRMED
                    ? new QuerySummaryConfirmed(s.connections().stream().map(NsiWireMessages::summary).toList())
                    : new QueryRecursiveConfirmed(s.connections().stream().map(NsiWireMessages::recursive).toList());
        }
        NsiOutgoing.Stored stored = (NsiOutgoing.Stored) m;
        if (stored.kind() == NsiMessageKind.QUERY_RESULT_CONFIRMED) {
            return new QueryResultConfirmed(results(stored.messages()));
        }
        return new QueryNotificationConfirmed(notifications(stored.messages()));
    }

    /** One connection as querySummary reports it: its criteria (committed, else requested), states and last ids. */
    public static QuerySummaryResult summary(NsiConnection c) {
        NsiCriteria k = c.current();
        return new QuerySummaryResult(c.connectionId(), c.globalReservationId(), c.description(),
                List.of(new SummaryCriteria(k.version(), schedule(k), k.serviceType(), List.of(), Optional.of(p2ps(k)))),
                c.requesterNsa(), states(c.states()), last(c.nextNotificationId()), last(c.nextResultId()));
    }

    private static QueryRecursiveResult recursive(NsiConnection c) {
        NsiCriteria k = c.current();
        return new QueryRecursiveResult(c.connectionId(), c.globalReservationId(), c.description(),
                List.of(new RecursiveCriteria(k.version(), schedule(k), k.serviceType(), List.of(), Optional.of(p2ps(k)))),
                c.requesterNsa(), states(c.states()), last(c.nextNotificationId()), last(c.nextResultId()));
    }

    private static Optional<Long> last(long next) {
        return next > 1 ? Optional.of(next - 1) : Optional.empty();
    }

    /** Stored results as queryResult lists them. */
    public static List<QueryResultEntry> results(List<StoredMessage> stored) {
        List<QueryResultEntry> out = new ArrayList<>();
        for (StoredMessage m : stored) {
            if (read(m) instanceof OperationResult r) {
                out.add(new QueryResultEntry(m.id(), m.correlationId(), m.at(), r));
            }
        }
        return out;
    }

    /** Stored notifications as queryNotification lists them. */
    public static List<Notification> notifications(List<StoredMessage> stored) {
        List<Notification> out = new ArrayList<>();
        for (StoredMessage m : stored) {
            if (read(m) instanceof Notification n) {
                out.add(n);
            }
        }
        return out;
    }

    /** A stored message's own message, as it was written. */
    static NsiMessage read(StoredMessage m) {
        try {
            return (NsiMessage) NsiXml.read(m.body()).body();
        } catch (NsiPayloadException | ClassCastException e) {
            throw new IllegalStateException("stored " + m.kind() + " " + m.id() + " cannot be read back: "
                    + e.getMessage(), e);
        }
    }

    static ConnectionStates states(NsiStates s) {
        return new ConnectionStates(s.reservation(), s.provision(), s.lifecycle(), dataPlane(s));
    }

    private static DataPlaneStatus dataPlane(NsiStates s) {
        return new DataPlaneStatus(s.dataPlaneActive(), s.dataPlaneVersion(), true);
    }

    private static Criteria criteria(NsiCriteria k) {
        return new Criteria(Optional.of(k.version()), schedule(k), Optional.of(k.serviceType()), Optional.of(p2ps(k)));
    }

    private static Schedule schedule(NsiCriteria k) {
        return new Schedule(Optional.of(k.start()), k.end());
    }

    private static P2ps p2ps(NsiCriteria k) {
        return new P2ps(k.capacityMbps(), Directionality.fromWire(k.directionality().wireName()).orElseThrow(),
                Optional.empty(), Stp.parse(k.sourceStp()), Stp.parse(k.destStp()), List.of(), List.of());
    }

    /** A refusal as a serviceException, the BAR's own code among its variables. */
    public static ServiceExceptionInfo serviceException(String providerNsa, NsiRefusal why) {
        ServiceExceptionInfo e = ServiceExceptionInfo.of(providerNsa, why.errorId(), why.text());
        if (why.connectionId().isPresent()) {
            e = e.withConnectionId(why.connectionId().get());
        }
        if (why.barCode().isPresent()) {
            e = e.withVariable(BAR_CODE_VARIABLE, why.barCode().get().name());
        }
        return e;
    }
}
