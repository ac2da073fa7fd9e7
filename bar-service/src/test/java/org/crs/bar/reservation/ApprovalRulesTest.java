package org.crs.bar.reservation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

class ApprovalRulesTest {

    static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    static final Caller.Account ALICE = new Caller.Account("alice", Role.USER,
            List.of(new Caller.Membership("astro", false), new Caller.Membership("bio", false)));
    static final Caller.Account OSCAR = new Caller.Account("oscar", Role.OPERATOR, List.of());

    /** 1 h of {@code mbps} from site-a to site-b, starting {@code ahead} from now. */
    static ReservationRequest booking(long mbps, Duration ahead, Duration length) {
        Instant start = NOW.plus(ahead);
        return new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), mbps,
                new TimeInterval(start, start.plus(length)), "", false);
    }

    static ReservationRequest booking(long mbps) {
        return booking(mbps, Duration.ofDays(1), Duration.ofHours(1));
    }

    static ApprovalRules waitWhen(ApprovalRule rule) {
        return new ApprovalRules(List.of(rule), Duration.ZERO);
    }

    static ApprovalDecision decide(ApprovalRules rules, ReservationRequest request, Caller caller) {
        return rules.decide(request, caller, NOW).decision();
    }

    @Test
    void withNoRuleEveryBookingIsApproved() {
        assertEquals(ApprovalDecision.APPROVE, decide(ApprovalRules.none(), booking(100_000), ALICE));
    }

    @Test
    void aBandwidthRuleMatchesOnlyAboveItsLimit() {
        ApprovalRules rules = waitWhen(new ApprovalRule(1000L, null, null, null, null, null, ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(1000), ALICE));
        assertEquals(ApprovalDecision.WAIT, decide(rules, booking(1001), ALICE));
    }

    @Test
    void aDurationRuleMatchesOnlyLongerBookings() {
        ApprovalRules rules = waitWhen(new ApprovalRule(null, Duration.ofHours(12), null, null, null, null,
                ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(100, Duration.ofDays(1), Duration.ofHours(12)), ALICE));
        assertEquals(ApprovalDecision.WAIT,
                decide(rules, booking(100, Duration.ofDays(1), Duration.ofHours(12).plusSeconds(1)), ALICE));
    }

    @Test
    void anAdvanceRuleMatchesOnlyBookingsStartingFurtherAhead() {
        ApprovalRules rules = waitWhen(new ApprovalRule(null, null, Duration.ofDays(30), null, null, null,
                ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(100, Duration.ofDays(30), Duration.ofHours(1)), ALICE));
        assertEquals(ApprovalDecision.WAIT,
                decide(rules, booking(100, Duration.ofDays(30).plusSeconds(1), Duration.ofHours(1)), ALICE));
    }

    @Test
    void aSitePairRuleMatchesEitherDirection() {
        ApprovalRules rules = waitWhen(new ApprovalRule(null, null, null, new ApprovalRule.SitePair("site-b", "site-a"),
                null, null, ApprovalDecision.WAIT));
        ReservationRequest aToB = booking(100);
        ReservationRequest bToA = new ReservationRequest("r2", aToB.destination(), aToB.source(), 100, aToB.interval(), "",
                false);
        ReservationRequest aToA = new ReservationRequest("r3", aToB.source(), Endpoint.parse("site-a:host-a2"), 100,
                aToB.interval(), "", false);

        assertEquals(ApprovalDecision.WAIT, decide(rules, aToB, ALICE));
        assertEquals(ApprovalDecision.WAIT, decide(rules, bToA, ALICE));
        assertEquals(ApprovalDecision.APPROVE, decide(rules, aToA, ALICE));
    }

    @Test
    void aGroupRuleMatchesTheBookingAccountsPrimaryGroupOnly() {
        ApprovalRules astro = waitWhen(new ApprovalRule(null, null, null, null, "astro", null, ApprovalDecision.WAIT));
        ApprovalRules bio = waitWhen(new ApprovalRule(null, null, null, null, "bio", null, ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.WAIT, decide(astro, booking(100), ALICE));
        assertEquals(ApprovalDecision.APPROVE, decide(bio, booking(100), ALICE), "alice books for astro, her first group");
        assertEquals(ApprovalDecision.APPROVE, decide(astro, booking(100), OSCAR));
        assertEquals(ApprovalDecision.APPROVE, decide(astro, booking(100), new Caller.Anonymous()));
    }

    @Test
    void aRoleRuleMatchesAccountsOfThatRoleOnly() {
        ApprovalRules users = waitWhen(new ApprovalRule(null, null, null, null, null, Role.USER, ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.WAIT, decide(users, booking(100), ALICE));
        assertEquals(ApprovalDecision.APPROVE, decide(users, booking(100), OSCAR));
    }

    @Test
    void aRuleMatchesOnlyWhenEveryCriterionDoes() {
        ApprovalRules rules = waitWhen(new ApprovalRule(1000L, null, null, null, "astro", null, ApprovalDecision.WAIT));

        assertEquals(ApprovalDecision.WAIT, decide(rules, booking(2000), ALICE));
        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(500), ALICE));
        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(2000), OSCAR));
    }

    @Test
    void theFirstMatchingRuleDecides() {
        ApprovalRules rules = new ApprovalRules(List.of(
                new ApprovalRule(null, null, null, null, null, Role.OPERATOR, ApprovalDecision.APPROVE),
                new ApprovalRule(1000L, null, null, null, null, null, ApprovalDecision.WAIT)), Duration.ZERO);

        assertEquals(ApprovalDecision.APPROVE, decide(rules, booking(2000), OSCAR));
        assertEquals(ApprovalDecision.WAIT, decide(rules, booking(2000), ALICE));
        assertEquals(rules.rules().get(1), rules.decide(booking(2000), ALICE, NOW).rule().orElseThrow());
    }

    @Test
    void theApprovalDeadlineIsTheStartLessTheConfiguredTime() {
        ReservationRequest r = booking(100);

        assertEquals(r.interval().start(), ApprovalRules.none().deadline(r));
        assertEquals(r.interval().start().minus(Duration.ofHours(2)),
                new ApprovalRules(List.of(), Duration.ofHours(2)).deadline(r));
    }
}
