package org.crs.nsi.contract;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.ChildRecursive;
import org.crs.nsi.contract.message.ChildSummary;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.Directionality;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorEventKind;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.MessageDeliveryTimeout;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.OrderedStp;
import org.crs.nsi.contract.message.P2ps;
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
import org.crs.nsi.contract.message.RecursiveCriteria;
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
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.SummaryCriteria;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.crs.nsi.contract.message.TypedValue;

/** One filled-in example of every NSI message kind, for the tests of reading, writing and sending. */
public final class NsiSamples {

    public static final String REQUESTER_NSA = "urn:ogf:network:domain-c.crs.example:2026:nsa";
    public static final String PROVIDER_NSA = "urn:ogf:network:site-a.crs.example:2026:nsa";
    public static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";
    public static final String SERVICE_TYPE = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";
    public static final String CONNECTION = "site-a-7f3c";
    public static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
    public static final Instant END = Instant.parse("2026-12-01T12:30:00.250Z");
    public static final Instant STAMP = Instant.parse("2026-11-28T10:15:30Z");

    private NsiSamples() {
    }

    /** A request's header toward the provider, with its replyTo. */
    public static NsiHeader requestHeader() {
        return NsiHeader.toProvider(REQUESTER_NSA, PROVIDER_NSA,
                Optional.of("https://127.0.0.1:9443/NSI/services/ConnectionRequester"));
    }

    /** A callback's header toward the requester. */
    public static NsiHeader callbackHeader() {
        return NsiHeader.toRequester(REQUESTER_NSA, PROVIDER_NSA, NsiHeader.newCorrelationId());
    }

    public static P2ps requestedP2ps() {
        return new P2ps(1000, Directionality.BIDIRECTIONAL, Optional.of(true), Stp.of(NETWORK, "host-a1"),
                Stp.parse(NETWORK + ":to-domain-c?vlan=3000-3010,3020"),
                List.of(new OrderedStp(0, Stp.parse(NETWORK + ":to-domain-c?vlan=3005"))),
                List.of(new TypedValue("mtu", "9000")));
    }

    public static P2ps grantedP2ps() {
        return new P2ps(1000, Directionality.BIDIRECTIONAL, Optional.empty(), Stp.of(NETWORK, "host-a1"),
                Stp.parse(NETWORK + ":to-domain-c?vlan=3000"), List.of(), List.of());
    }

    public static Reserve reserve() {
        return new Reserve(Optional.empty(), Optional.of("urn:uuid:5c1b2f7e-4a0d-4f61-9d0c-0a3e2b7c9e11"),
                Optional.of("a circuit for the demo"), new Criteria(Optional.of(1), Schedule.between(START, END),
                        Optional.of(SERVICE_TYPE), Optional.of(requestedP2ps())));
    }

    public static ReserveConfirmed reserveConfirmed() {
        return new ReserveConfirmed(CONNECTION, Optional.empty(), Optional.of("a circuit for the demo"),
                new Criteria(Optional.of(1), Schedule.between(START, END), Optional.of(SERVICE_TYPE),
                        Optional.of(grantedP2ps())));
    }

    public static ConnectionStates states() {
        return new ConnectionStates(NsiReservationState.RESERVE_START, ProvisionState.PROVISIONED,
                LifecycleState.CREATED, new DataPlaneStatus(true, 1, true));
    }

    public static ServiceExceptionInfo exception() {
        return new ServiceExceptionInfo(PROVIDER_NSA, Optional.of(CONNECTION), Optional.of(SERVICE_TYPE),
                NsiErrorId.STP_UNAVAILABLE, "00704", "VLAN 3000 of to-domain-c is in use",
                Map.of("stpId", List.of(NETWORK + ":to-domain-c?vlan=3000")),
                List.of(ServiceExceptionInfo.of("urn:ogf:network:other.example:2026:nsa", NsiErrorId.CAPACITY_UNAVAILABLE,
                        "no capacity")));
    }

    public static QuerySummaryResult summary() {
        return new QuerySummaryResult(CONNECTION, Optional.of("urn:uuid:5c1b2f7e-4a0d-4f61-9d0c-0a3e2b7c9e11"),
                Optional.of("a circuit"), List.of(new SummaryCriteria(1, Schedule.between(START, END), SERVICE_TYPE,
                        List.of(new ChildSummary(0, "child-1", PROVIDER_NSA, SERVICE_TYPE, Optional.of(grantedP2ps()))),
                        Optional.of(grantedP2ps()))),
                REQUESTER_NSA, states(), Optional.of(3L), Optional.of(2L));
    }

    public static QueryRecursiveResult recursive() {
        RecursiveCriteria leaf = new RecursiveCriteria(1, Schedule.between(START, END), SERVICE_TYPE, List.of(),
                Optional.of(grantedP2ps()));
        return new QueryRecursiveResult(CONNECTION, Optional.empty(), Optional.empty(),
                List.of(new RecursiveCriteria(1, new Schedule(Optional.of(START), Optional.empty()), SERVICE_TYPE,
                        List.of(new ChildRecursive(0, "child-1", PROVIDER_NSA, states(), List.of(leaf))),
                        Optional.empty())),
                REQUESTER_NSA, states(), Optional.empty(), Optional.empty());
    }

    public static ErrorEvent errorEvent() {
        return new ErrorEvent(CONNECTION, 4, STAMP, ErrorEventKind.ACTIVATE_FAILED, CONNECTION, PROVIDER_NSA,
                Map.of("router", List.of("edge-a")), Optional.of(exception()));
    }

    public static DataPlaneStateChange dataPlaneStateChange() {
        return new DataPlaneStateChange(CONNECTION, 5, STAMP, new DataPlaneStatus(true, 1, true));
    }

    public static ReserveTimeout reserveTimeout() {
        return new ReserveTimeout(CONNECTION, 6, STAMP, 120, CONNECTION, PROVIDER_NSA);
    }

    public static MessageDeliveryTimeout messageDeliveryTimeout() {
        return new MessageDeliveryTimeout(CONNECTION, 7, STAMP, NsiHeader.newCorrelationId());
    }

    public static List<QueryResultEntry> results() {
        return List.of(new QueryResultEntry(1, NsiHeader.newCorrelationId(), STAMP, reserveConfirmed()),
                new QueryResultEntry(2, NsiHeader.newCorrelationId(), STAMP,
                        new ReserveFailed(CONNECTION, states(), exception())),
                new QueryResultEntry(3, NsiHeader.newCorrelationId(), STAMP, new ErrorMessage(exception())),
                new QueryResultEntry(4, NsiHeader.newCorrelationId(), STAMP, new ProvisionConfirmed(CONNECTION)));
    }

    /** Every message kind, filled in. */
    public static List<NsiMessage> everyMessage() {
        return List.of(
                reserve(),
                new Reserve(Optional.of(CONNECTION), Optional.empty(), Optional.empty(),
                        new Criteria(Optional.empty(), Schedule.unbounded(), Optional.empty(), Optional.empty())),
                new ReserveResponse(CONNECTION),
                reserveConfirmed(),
                new ReserveFailed(CONNECTION, states(), exception()),
                new ReserveCommit(CONNECTION),
                new ReserveCommitConfirmed(CONNECTION),
                new ReserveCommitFailed(CONNECTION, states(), exception()),
                new ReserveAbort(CONNECTION),
                new ReserveAbortConfirmed(CONNECTION),
                new Provision(CONNECTION),
                new ProvisionConfirmed(CONNECTION),
                new Release(CONNECTION),
                new ReleaseConfirmed(CONNECTION),
                new Terminate(CONNECTION),
                new TerminateConfirmed(CONNECTION),
                QuerySummary.of(CONNECTION, "site-a-8000"),
                new QuerySummary(List.of(), List.of("urn:uuid:5c1b2f7e-4a0d-4f61-9d0c-0a3e2b7c9e11")),
                new QuerySummaryConfirmed(List.of(summary())),
                QuerySummarySync.all(),
                new QuerySummarySyncConfirmed(List.of(summary(), summary())),
                new QuerySummarySyncConfirmed(List.of()),
                QueryRecursive.of(CONNECTION),
                new QueryRecursiveConfirmed(List.of(recursive())),
                new QueryNotification(CONNECTION, Optional.of(1L), Optional.of(9L)),
                new QueryNotificationConfirmed(List.of(errorEvent(), dataPlaneStateChange(), reserveTimeout(),
                        messageDeliveryTimeout())),
                QueryNotificationSync.all(CONNECTION),
                new QueryNotificationSyncConfirmed(List.of(dataPlaneStateChange())),
                new QueryResult(CONNECTION, Optional.of(1L), Optional.empty()),
                new QueryResultConfirmed(results()),
                QueryResultSync.all(CONNECTION),
                new QueryResultSyncConfirmed(results()),
                new Acknowledgment(),
                new ErrorMessage(exception()),
                errorEvent(),
                new ErrorEvent(CONNECTION, 8, STAMP, ErrorEventKind.FORCED_END, CONNECTION, PROVIDER_NSA, Map.of(),
                        Optional.empty()),
                dataPlaneStateChange(),
                reserveTimeout(),
                messageDeliveryTimeout());
    }
}
