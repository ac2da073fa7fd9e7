package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ReservationService decides from the caller every door passes it: who may see and change which
 * reservation, who may list what, who may act as an operator, and whose name the history records.
 */
class ServicesDecideFromTheCallerTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final Caller.Account ALICE = TestCallers.user("alice");
    static final Caller.Account BOB = TestCallers.user("bob");
    static final Caller.Account OSCAR = TestCallers.operator("oscar");
    static final Caller.Account ASTRO_ALICE = new Caller.Account("alice", Role.USER,
            List.of(new Caller.Membership("astro", true)));
    static final Caller.Account ASTRO_CAROL = new Caller.Account("carol", Role.USER,
            List.of(new Caller.Membership("astro", true)));

    final MutableClock clock = new MutableClock(T0);
    final ExecutorService calls = Executors.newCachedThreadPool();
    Database db;
    ReservationService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        ReservationStore store = new JdbcReservationStore(db.dataSource(), clock);
        service = new ReservationService(store, new Site("site-a",
                new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a")),
                new ScriptedController("nsap", List.of("site-a", "site-b")),
                Map.of("site-b", new ScriptedController("bar-site-b", List.of("host-b1", "site-b")))),
                BarSettings.defaults(), calls, clock);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static ReservationRequest request(String id) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), 500,
                new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "test", false);
    }

    private static RefusalCode code(BadRequest e) {
        return e.refusal().code();
    }

    @Test
    void anotherUsersReservationIsRefusedNotAllowedNamingRequestIdAndStaysAsItWas() throws Exception {
        service.create(ALICE, request("r1"));

        BadRequest read = assertThrows(BadRequest.class, () -> service.get(BOB, "r1"));
        BadRequest cancel = assertThrows(BadRequest.class, () -> service.cancel(BOB, "r1", null));

        assertEquals(RefusalCode.NOT_ALLOWED, code(read));
        assertEquals("requestId", read.field());
        assertEquals(RefusalCode.NOT_ALLOWED, code(cancel));
        assertEquals(ReservationState.RESERVED, service.get(ALICE, "r1").state());
    }

    @Test
    void anotherUsersRequestIdIsNotTakenOver() throws Exception {
        service.create(ALICE, request("r1"));

        BadRequest e = assertThrows(BadRequest.class, () -> service.create(BOB, request("r1")));

        assertEquals(RefusalCode.NOT_ALLOWED, code(e));
        assertEquals("requestId", e.field());
    }

    @Test
    void anUnknownReservationIsRefusedBadFieldNamingRequestId() {
        BadRequest e = assertThrows(BadRequest.class, () -> service.history(ALICE, "nothing"));

        assertEquals(RefusalCode.BAD_FIELD, code(e));
        assertEquals("requestId", e.field());
    }

    @Test
    void aMemberOfASharingGroupChangesTheGroupsReservation() throws Exception {
        service.create(ASTRO_ALICE, request("r1"));

        Reservation cancelled = service.cancel(ASTRO_CAROL, "r1", null);

        assertEquals(ReservationState.CANCELLED, cancelled.state());
        assertEquals("carol", last(service.history(ASTRO_ALICE, "r1")).actor());
    }

    @Test
    void anOperatorActsOnEveryReservationUnderItsOwnName() throws Exception {
        service.create(ALICE, request("r1"));

        service.cancel(OSCAR, "r1", "fibre cut");

        assertEquals("oscar", last(service.history(ALICE, "r1")).actor());
    }

    @Test
    void theProcessItselfActsOnEveryReservationUnderItsName() throws Exception {
        service.create(ALICE, request("r1"));
        Caller.Process inside = new Caller.Process("bar-a-client");

        service.cancel(inside, "r1", null);

        assertEquals("bar-a-client", last(service.history(ALICE, "r1")).actor());
    }

    @Test
    void aCallerWithoutCredentialsIsNoOneTheServiceActsFor() throws Exception {
        service.create(ALICE, request("r1"));

        BadRequest e = assertThrows(BadRequest.class, () -> service.get(new Caller.Anonymous(), "r1"));

        assertEquals(RefusalCode.NOT_ALLOWED, code(e));
    }

    @Test
    void listingsShowOnlyWhatTheCallerMaySee() throws Exception {
        service.create(ALICE, request("a1"));
        service.create(BOB, request("b1"));

        assertEquals(List.of("a1"), ids(service.list(ALICE, List.of(), null, 100)));
        assertEquals(List.of("a1", "b1"), ids(service.list(OSCAR, List.of(), null, 100)));
        assertEquals(List.of("a1", "b1"), ids(service.list(ITSELF, List.of(), null, 100)));
    }

    @Test
    void aUserMayNeitherTerminateNorApproveNorListTheQueue() throws Exception {
        service.create(ALICE, request("r1"));

        assertEquals(RefusalCode.NOT_ALLOWED, code(assertThrows(BadRequest.class,
                () -> service.terminate(ALICE, "r1", "mine"))));
        assertEquals(RefusalCode.NOT_ALLOWED, code(assertThrows(BadRequest.class,
                () -> service.approve(ALICE, "r1", ""))));
        assertEquals(RefusalCode.NOT_ALLOWED, code(assertThrows(BadRequest.class,
                () -> service.pendingApprovals(ALICE))));
        assertEquals(ReservationState.RESERVED, service.get(ALICE, "r1").state());
    }

    private static ReservationTransition last(List<ReservationTransition> history) {
        return history.get(history.size() - 1);
    }

    private static List<String> ids(List<Reservation> reservations) {
        return reservations.stream().map(Reservation::requestId).sorted().toList();
    }
}
