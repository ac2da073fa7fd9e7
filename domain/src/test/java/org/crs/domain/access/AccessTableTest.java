package org.crs.domain.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The access table's decisions, and docs/security.md showing the table as it is. */
class AccessTableTest {

    static final Caller ALICE = new Caller.Account("alice", Role.USER, List.of(new Caller.Membership("astro", true)));
    static final Caller BOB = new Caller.Account("bob", Role.USER, List.of(new Caller.Membership("bio", false)));
    static final Caller OSCAR = new Caller.Account("oscar", Role.OPERATOR, List.of());

    @Test
    void nobodySignedInIsNotSignedIn() {
        assertEquals(Decision.NOT_SIGNED_IN, AccessTable.decide(new Caller.Anonymous(), "ReservationService", "getReservation"));
    }

    @Test
    void theProcessItselfComesThroughNoDoor() {
        Caller inside = new Caller.Process("scheduler");
        assertEquals(Decision.NOT_SIGNED_IN, AccessTable.decide(inside, "ReservationService", "getReservation"));
        assertEquals(Decision.NOT_SIGNED_IN, AccessTable.decide(inside, "AccountService", "createAccount"));
    }

    @Test
    void theProcessItselfActsOnEveryReservation() {
        assertTrue(ReservationAccess.mayAct(new Caller.Process("scheduler"), "alice", Optional.empty()));
    }

    @Test
    void anOperationTheTableDoesNotListIsNotAllowedToAnyone() {
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(OSCAR, "ReservationService", "dropAllTables"));
    }

    @Test
    void aUserBooksButDoesNotApprove() {
        assertEquals(Decision.ALLOWED, AccessTable.decide(ALICE, "ReservationService", "createReservation"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(ALICE, "OperatorService", "approveReservation"));
    }

    @Test
    void aPeerCallsOnlyPeerService() {
        Caller peer = new Caller.PeerBar("site-b", "CN=bar-site-b");
        assertEquals(Decision.ALLOWED, AccessTable.decide(peer, "PeerService", "holdAndCommit"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(peer, "ReservationService", "listReservations"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(peer, "NsapService", "activate"));
    }

    @Test
    void aControllerOnlyAsksWhetherASegmentIsWanted() {
        Caller nsap = new Caller.Controller("nsap", "CN=nsap");
        assertEquals(Decision.ALLOWED, AccessTable.decide(nsap, "PeerService", "segmentWanted"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(nsap, "PeerService", "abort"));
    }

    @Test
    void onlyItsBarsCallAnNsap() {
        assertEquals(Decision.ALLOWED, AccessTable.decide(new Caller.ServedBar("site-a", "CN=bar-site-a"), "NsapService",
                "addMaintenance"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(OSCAR, "NsapService", "addMaintenance"));
    }

    @Test
    void anNsiProviderSendsOnlyToTheRequesterPortAndNobodyElseDoes() {
        Caller provider = new Caller.NsiProvider("urn:ogf:network:domain-c.example:2026:nsa", Optional.of("CN=nsi-domain-c"));
        assertEquals(Decision.ALLOWED, AccessTable.decide(provider, "ConnectionRequester", "reserveConfirmed"));
        assertEquals(Decision.ALLOWED, AccessTable.decide(provider, "ConnectionRequester", "querySummaryConfirmed"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(provider, "ConnectionProvider", "reserve"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(provider, "PeerService", "segmentWanted"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(OSCAR, "ConnectionRequester", "errorEvent"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(new Caller.PeerBar("site-b", "CN=bar-site-b"),
                "ConnectionRequester", "errorEvent"));
    }

    @Test
    void anNsiProviderSpeaksOnlyForItsOwnNsa() {
        Caller.NsiProvider provider = new Caller.NsiProvider("urn:ogf:network:domain-c.example:2026:nsa", Optional.empty());
        assertTrue(provider.speaksFor("urn:ogf:network:domain-c.example:2026:nsa"));
        assertEquals(false, provider.speaksFor("urn:ogf:network:domain-d.example:2026:nsa"));
    }

    @Test
    void aUserActsOnItsOwnAndItsSharingGroupsReservationsOnly() {
        assertTrue(ReservationAccess.mayAct(ALICE, "alice", Optional.empty()));
        assertTrue(ReservationAccess.mayAct(ALICE, "carol", Optional.of("astro")));
        assertEquals(false, ReservationAccess.mayAct(BOB, "dave", Optional.of("bio")), "bio does not share");
        assertEquals(false, ReservationAccess.mayAct(ALICE, "bob", Optional.of("bio")));
        assertTrue(ReservationAccess.mayAct(OSCAR, "bob", Optional.of("bio")));
    }

    /** The table as docs/security.md shows it: one line per port type and permission. */
    static String markdown() {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        AccessTable.rows().forEach((op, row) -> lines.computeIfAbsent(op.service() + " | " + who(row.permission()) + " | "
                + (row.effect() == Effect.CHANGE ? "yes" : "no"), k -> new ArrayList<>()).add("`" + op.operation() + "`"));
        StringBuilder out = new StringBuilder("| Port type | Who may call | Changes state | Operations |\n|---|---|---|---|\n");
        lines.forEach((key, ops) -> out.append("| ").append(key).append(" | ").append(String.join(", ", ops)).append(" |\n"));
        return out.toString();
    }

    private static String who(Permission p) {
        return p.allowed().stream().sorted().map(k -> k.name().toLowerCase().replace('_', ' ')).collect(Collectors.joining(", "));
    }

    @Test
    void aTableWithARowReplacedDecidesThatRowAnewAndLeavesTheStandardOneAlone() {
        AccessTable wrong = AccessTable.standard().withRow(new AccessTable.Operation("AuditService", "verifyAudit"),
                new AccessTable.Row(Permission.ACCOUNT, Effect.READ));
        assertEquals(Decision.ALLOWED, wrong.decision(ALICE, "AuditService", "verifyAudit"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.standard().decision(ALICE, "AuditService", "verifyAudit"));
        assertEquals(Decision.NOT_ALLOWED, AccessTable.decide(ALICE, "AuditService", "verifyAudit"));
        assertEquals(Decision.NOT_ALLOWED, wrong.decision(ALICE, "AuditService", "searchAudit"));
    }

    @Test
    void docsSecurityShowsTheTableAsItIs() throws Exception {
        Path doc = Path.of("../docs/security.md");
        String text = Files.readString(doc);
        if (Boolean.getBoolean("crs.writeDocs")) {
            int start = text.indexOf("| Port type | Who may call |");
            int end = text.indexOf("\n\n", start) + 1;
            text = start < 0 ? text.replace("MATRIX-TABLE\n", markdown()) : text.substring(0, start) + markdown() + text.substring(end);
            Files.writeString(doc, text);
        }
        assertTrue(text.contains(markdown()), "docs/security.md does not show the access table as it is; run this test with"
                + " -Dcrs.writeDocs=true:\n" + markdown());
    }
}
