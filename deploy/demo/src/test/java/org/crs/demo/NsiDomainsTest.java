package org.crs.demo;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.server.BarPolicy;
import org.crs.bar.server.BarServer;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.server.NsapServer;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two CRS domains over NSI, started as {@code deploy/run-demo.sh --nsi-domain} starts them
 * ({@link NsiDomain}): the demo's federation and domain-c, a network of its own (its BAR, L-NSAP,
 * emulated edge-c, CA and databases) whose only link to site-a is NSI through the hand-off
 * between edge-a's and edge-c's TenGigabitEthernet2/2. A circuit from site-a:host-a1 to
 * domain-c:host-c1 is booked at site-a's BAR, which books domain-c's part from domain-c's NSI
 * provider, through a proxy that drops domain-c's answers in the "does not answer" case (docs/nsi.md,
 * "Two CRS domains").
 * domain-c's connections are read as site-a's BAR sees them, with querySummarySync over TLS.
 */
class NsiDomainsTest {

    /** domain-c's hold (the NSI hold timer): short, so that a hold left behind lapses within a test. */
    static final Duration HOLD = Duration.ofSeconds(8);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(4);
    static final Duration WAIT = Duration.ofSeconds(30);
    static final List<SegmentState> LIVE = List.of(SegmentState.HELD, SegmentState.COMMITTED, SegmentState.ACTIVATING,
            SegmentState.ACTIVE, SegmentState.DEACTIVATING, SegmentState.SUSPENDING);
    private static final AtomicInteger IDS = new AtomicInteger();

    static NsiDomain domainC;
    static Federation federation;
    static SwallowingProxy towardsDomainC;
    static NsiClient asSiteA;

    @BeforeAll
    static void start() throws Exception {
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        Path data = Files.createTempDirectory("crs-nsi-domains");
        // Demo.options, with a call timeout a silent far network is found out within.
        BarSettings settings = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2)).withClientHold(HOLD);
        Federation.Options options = new Federation.Options(repository, Federation.Options.hsqldbFiles(data), false,
                settings, CALL_TIMEOUT, Clock.systemUTC(), FederationRouters.inProcess(),
                DemoCertificates.inFolder(data.resolve("certificates")))
                .withPolicy(BarPolicy.of(Federation.DEMO_APPROVAL, Quotas.none()));
        domainC = NsiDomain.start(NsiDomain.Options.beside(options));
        towardsDomainC = new SwallowingProxy(domainC.bar().tlsPort().getAsInt(),
                domainC.certificates().client("bar-domain-c"),
                options.certificates().clientTowards("bar-site-a", domainC.certificates()));
        federation = domainC.startFederation(options, towardsDomainC.in(domainC.providerUrl()));
        asSiteA = new NsiClient(domainC.providerUrl(), Duration.ofSeconds(10),
                options.certificates().clientTowards("bar-site-a", domainC.certificates()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (asSiteA != null) {
            asSiteA.close();
        }
        if (federation != null) {
            federation.close();
        }
        if (towardsDomainC != null) {
            towardsDomainC.close();
        }
        if (domainC != null) {
            domainC.close();
        }
    }

    // ---- what each side holds ----

    static BarServer siteA() {
        return federation.bar("site-a");
    }

    static String nextId() {
        return "c" + IDS.incrementAndGet();
    }

    static Reservation book(String id, String host, String farHost, TimeInterval interval) throws Exception {
        return siteA().service().create(TestCallers.user("alice"), new ReservationRequest(id, Endpoint.parse("site-a:" + host),
                Endpoint.parse("domain-c:" + farHost), 100, interval, "to domain-c", false));
    }

    static Reservation await(BarServer bar, String id, Predicate<Reservation> done, Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        Reservation r = bar.service().get(ITSELF, id);
        while (!done.test(r) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            r = bar.service().get(ITSELF, id);
        }
        return r;
    }

    static Reservation awaitState(BarServer bar, String id, ReservationState state, Duration within) throws Exception {
        Reservation r = await(bar, id, x -> x.state() == state, within);
        assertEquals(state, r.state(), r.reason());
        return r;
    }

    /** domain-c's connection for site-a's reservation {@code id}, by the global reservation id site-a gives it. */
    static Optional<QuerySummaryResult> farConnection(String id) throws Exception {
        String global = "urn:crs:booking:site-a:" + id + ":far";
        List<QuerySummaryResult> all = ((QuerySummarySyncConfirmed) asSiteA.send(NsiHeader.toProvider(NsiDomain.SITE_A_NSA,
                NsiDomain.NSA, Optional.empty()), QuerySummarySync.all()).answer()).reservations();
        return all.stream().filter(c -> c.globalReservationId().equals(Optional.of(global))).findFirst();
    }

    static QuerySummaryResult awaitFar(String id, Predicate<QuerySummaryResult> done) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        Optional<QuerySummaryResult> c = farConnection(id);
        while ((c.isEmpty() || !done.test(c.get())) && Instant.now().isBefore(deadline)) {
            Thread.sleep(300);
            c = farConnection(id);
        }
        assertTrue(c.isPresent(), "domain-c has a connection for " + id);
        assertTrue(done.test(c.get()), c.get().connectionStates().toString());
        return c.get();
    }

    /** The bookings an L-NSAP holds or runs over {@code window}. */
    static List<String> live(NsapServer lnsap, TimeInterval window) {
        return lnsap.store().query(LIVE, window).stream().map(Segment::bookingId).sorted().toList();
    }

    static String config(String router) {
        return router.equals("edge-c") ? domainC.emulator().router("edge-c").runningConfig()
                : federation.emulator().router(router).runningConfig();
    }

    /** One interface's block of a running configuration. */
    static String interfaceOf(String config, String name) {
        int at = config.indexOf("interface " + name + "\n");
        assertTrue(at >= 0, name + " in " + config);
        int next = config.indexOf("\ninterface ", at + 1);
        return config.substring(at, next < 0 ? config.length() : next);
    }

    static TimeInterval daysAhead(int days, Duration length) {
        Instant start = Instant.now().plus(Duration.ofDays(days)).truncatedTo(ChronoUnit.SECONDS);
        return new TimeInterval(start, start.plus(length));
    }

    // ---- the specification ----

    @Test
    void aCircuitToAHostOfDomainCComesUpOnBothDomainsRoutersAtItsStartAndGoesDownAtItsEnd() throws Exception {
        String edgeA = config("edge-a");
        String edgeC = config("edge-c");
        String id = nextId();
        Instant start = Instant.now().plusSeconds(8).truncatedTo(ChronoUnit.MILLIS);

        Reservation booked = book(id, "host-a1", "host-c1", new TimeInterval(start, start.plusSeconds(10)));

        assertEquals(ReservationState.RESERVED, booked.state(), booked.reason());
        int vlan = booked.segment(SegmentRole.LOCAL_CAMPUS).destinationVlan();
        assertTrue(vlan >= 3000 && vlan <= 3099, "a VLAN of the hand-off's range, chosen by domain-c: " + vlan);
        awaitState(siteA(), id, ReservationState.ACTIVE, WAIT);
        QuerySummaryResult far = awaitFar(id, c -> c.connectionStates().dataPlaneStatus().active());
        assertEquals(ProvisionState.PROVISIONED, far.connectionStates().provisionState());
        assertEquals(ReservationState.ACTIVE, domainC.bar().store().find("nsi-" + far.connectionId()).orElseThrow().state());
        String upA = config("edge-a");
        String upC = config("edge-c");
        assertTrue(interfaceOf(upA, "TenGigabitEthernet2/2").contains(" switchport trunk allowed vlan " + vlan + "\n"), upA);
        assertTrue(interfaceOf(upA, "GigabitEthernet1/1").contains(" switchport access vlan " + vlan + "\n"), upA);
        assertTrue(interfaceOf(upC, "TenGigabitEthernet2/2").contains(" switchport trunk allowed vlan " + vlan + "\n"), upC);
        assertTrue(interfaceOf(upC, "GigabitEthernet1/1").contains(" switchport access vlan " + vlan + "\n"), upC);

        awaitState(siteA(), id, ReservationState.FINISHED, WAIT);
        QuerySummaryResult ended = awaitFar(id, c -> Set.of(LifecycleState.TERMINATED, LifecycleState.PASSED_END_TIME)
                .contains(c.connectionStates().lifecycleState()));
        assertTrue(!ended.connectionStates().dataPlaneStatus().active(), ended.connectionStates().toString());
        assertEquals(edgeA, config("edge-a"), "edge-a as before");
        Instant deadline = Instant.now().plus(WAIT);
        while (!edgeC.equals(config("edge-c")) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        assertEquals(edgeC, config("edge-c"), "edge-c as before");
    }

    @Test
    void aBookingDomainCRefusesIsRejectedWithItsNsiErrorAndNothingIsHeldOnEitherSide() throws Exception {
        TimeInterval window = daysAhead(2, Duration.ofHours(1));
        // host-c2's port carries a circuit of domain-c's own over the window.
        Reservation own = domainC.bar().service().create(TestCallers.user("alice"), new ReservationRequest(nextId(),
                Endpoint.parse("domain-c:host-c2"), Endpoint.parse("domain-c:host-c3"), 100, window, "domain-c's own", false));
        assertEquals(ReservationState.RESERVED, own.state(), own.reason());
        List<String> heldAtC = live(domainC.lnsap(), window);
        String id = nextId();

        Reservation refused = book(id, "host-a2", "host-c2", window);

        assertEquals(ReservationState.REJECTED, refused.state(), refused.reason());
        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, refused.refusalCode());
        assertTrue(refused.reason().contains("NSI 00704: "), "the far network's NSI error id: " + refused.reason());
        assertEquals(List.of(), live(federation.lnsap("site-a"), window), "nothing held at site-a's L-NSAP");
        assertEquals(heldAtC, live(domainC.lnsap(), window), "nothing more held at domain-c's L-NSAP");
        QuerySummaryResult far = awaitFar(id, c -> c.connectionStates().reservationState()
                != NsiReservationState.RESERVE_CHECKING);
        assertEquals(NsiReservationState.RESERVE_FAILED, far.connectionStates().reservationState());
        assertEquals(ReservationState.REJECTED, domainC.bar().store().find("nsi-" + far.connectionId()).orElseThrow().state());
    }

    @Test
    void aBookingDomainCDoesNotAnswerFailsAndNothingStaysHeldOnEitherSideOnceItIsBack() throws Exception {
        TimeInterval window = daysAhead(3, Duration.ofHours(1));
        String id = nextId();
        // domain-c takes what site-a's BAR sends and its answers are dropped: it does not answer.
        towardsDomainC.swallow(true);
        Reservation failed;
        try {
            failed = book(id, "host-a3", "host-c3", window);
        } finally {
            towardsDomainC.swallow(false);
        }

        assertEquals(ReservationState.REJECTED, failed.state(), failed.reason());
        assertTrue(Set.of(RefusalCode.TIMEOUT, RefusalCode.PROVIDER_SILENT).contains(failed.refusalCode()),
                failed.refusalCode() + ": " + failed.reason());
        assertEquals(List.of(), live(federation.lnsap("site-a"), window), "nothing held at site-a's L-NSAP");
        // Once domain-c answers again, whatever reached it is aborted, or its hold lapses.
        Instant deadline = Instant.now().plus(HOLD.plus(WAIT));
        while (!live(domainC.lnsap(), window).isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.sleep(300);
        }
        assertEquals(List.of(), live(domainC.lnsap(), window), "nothing held at domain-c's L-NSAP");
        Optional<QuerySummaryResult> far = farConnection(id);
        if (far.isPresent()) {
            assertTrue(Set.of(ReservationState.ABORTED, ReservationState.REJECTED).contains(domainC.bar().store()
                    .find("nsi-" + far.get().connectionId()).orElseThrow().state()), far.get().toString());
        }
    }

    @Test
    void aBookingWhileDomainCsBarIsDownFailsAndDomainCHoldsNothingOnceItIsBack() throws Exception {
        TimeInterval window = daysAhead(5, Duration.ofHours(1));
        String id = nextId();
        domainC.stopBar();
        Reservation failed;
        try {
            failed = book(id, "host-a1", "host-c1", window);
        } finally {
            domainC.restartBar();
        }

        assertEquals(ReservationState.REJECTED, failed.state(), failed.reason());
        assertEquals(RefusalCode.PROVIDER_SILENT, failed.refusalCode(), failed.reason());
        assertEquals(List.of(), live(federation.lnsap("site-a"), window), "nothing held at site-a's L-NSAP");
        assertEquals(List.of(), live(domainC.lnsap(), window), "nothing held at domain-c's L-NSAP");
        assertEquals(Optional.empty(), farConnection(id), "domain-c never heard of it");
    }

    @Test
    void aCancelOfABookedCircuitTerminatesDomainCsConnection() throws Exception {
        TimeInterval window = daysAhead(4, Duration.ofHours(1));
        String id = nextId();
        assertEquals(ReservationState.RESERVED, book(id, "host-a4", "host-c4", window).state());
        QuerySummaryResult booked = awaitFar(id, c -> c.connectionStates().reservationState()
                == NsiReservationState.RESERVE_START && !c.criteria().isEmpty());
        assertEquals(LifecycleState.CREATED, booked.connectionStates().lifecycleState());

        siteA().service().cancel(TestCallers.user("alice"), id, "no longer needed");

        awaitState(siteA(), id, ReservationState.CANCELLED, WAIT);
        awaitFar(id, c -> c.connectionStates().lifecycleState() == LifecycleState.TERMINATED);
        assertEquals(ReservationState.CANCELLED, domainC.bar().store().find("nsi-" + booked.connectionId()).orElseThrow()
                .state());
        assertEquals(List.of(), live(domainC.lnsap(), window), "domain-c holds nothing");
        assertEquals(List.of(), live(federation.lnsap("site-a"), window), "site-a holds nothing");
    }
}
