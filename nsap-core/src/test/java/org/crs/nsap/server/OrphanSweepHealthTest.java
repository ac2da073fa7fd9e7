package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.BookingOwners;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.crs.service.monitoring.Health;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The orphan sweep as the server runs it, with its health check, over the JDBC store on HSQLDB. */
class OrphanSweepHealthTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final Caller SITE_B = new Caller.ServedBar("site-b", "CN=bar-site-b");

    Database db;
    SegmentService service;
    final List<String> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        db = Database.open("jdbc:hsqldb:mem:orphan-health-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        service = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), NoRouters.INSTANCE,
                new MutableClock(T0));
        // site-b's BAR books the campus part of site-a's reservation at site-b's L-NSAP, under site-a's id
        service.hold(new SegmentRequest("site-a:r1:remote", "x", "y", 100,
                new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(7200)), 0, 0), Duration.ofMinutes(5), SITE_B);
        service.commit("site-a:r1:remote", SITE_B);
    }

    @AfterEach
    void stop() {
        db.close();
    }

    /** BARs that record who was asked about what, and answer as told. */
    BookingOwners answering(BookingOwners.Answer answer) {
        return new BookingOwners() {
            @Override
            public Reply wanted(String bookingId) {
                asked.add(bookingId + " of the site its id names");
                return new Reply(answer, "asked by id");
            }

            @Override
            public Reply wanted(String bookingId, SegmentOwner owner) {
                asked.add(bookingId + " of " + owner);
                return new Reply(answer, "asked the owner");
            }
        };
    }

    @Test
    void theSweepAsksTheBarThatOwnsTheBookingNotTheSiteItsIdNames() throws Exception {
        OrphanSweepHealth sweep = new OrphanSweepHealth(answering(BookingOwners.Answer.NOT_WANTED), Duration.ofSeconds(30),
                new MutableClock(T0));

        SegmentService.Orphans round = sweep.run(service, Duration.ZERO);

        assertEquals(List.of("site-a:r1:remote of " + new SegmentOwner.Bar("site-b")), asked);
        assertEquals(1, round.released().size());
        assertEquals(SegmentState.ABORTED, service.status("site-a:r1:remote", SITE_B).state());
    }

    @Test
    void aRoundWithAnUnansweredQuestionIsDegradedAndKeepsTheSegment() throws Exception {
        OrphanSweepHealth sweep = new OrphanSweepHealth(answering(BookingOwners.Answer.UNREACHABLE), Duration.ofSeconds(30),
                new MutableClock(T0));

        sweep.run(service, Duration.ZERO);

        assertEquals(Health.Status.DEGRADED, sweep.check().status());
        assertEquals(SegmentState.COMMITTED, service.status("site-a:r1:remote", SITE_B).state());
    }
}
