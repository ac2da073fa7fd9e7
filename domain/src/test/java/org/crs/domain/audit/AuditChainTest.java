package org.crs.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class AuditChainTest {

    private static final Instant T = Instant.parse("2026-11-25T10:00:00.123456Z");

    private static AuditRecord record(String actor, Map<String, String> args) {
        return new AuditRecord(T, actor, "192.0.2.1", "", "ReservationService.cancelReservation", args, "OK", "r1", "",
                "", "");
    }

    @Test
    void theEncodingIsNetstringsInTheDocumentedOrder() {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("requestId", "r1");
        String encoded = new String(AuditChain.encode(7, record("alice", args), AuditChain.GENESIS), StandardCharsets.UTF_8);
        assertEquals("11:crs-audit-1,1:7,24:2026-11-25T10:00:00.123Z,5:alice,9:192.0.2.1,0:,"
                + "36:ReservationService.cancelReservation,21:1:1,9:requestId,2:r1,,2:OK,2:r1,0:,0:,0:,64:"
                + AuditChain.GENESIS + ",", encoded);
    }

    @Test
    void fieldsThatRunTogetherDifferentlyHashDifferently() {
        Map<String, String> ab = new LinkedHashMap<>();
        ab.put("a", "b,c");
        Map<String, String> abc = new LinkedHashMap<>();
        abc.put("a", "b");
        abc.put("c", "");
        assertNotEquals(AuditChain.hash(1, record("x", ab), AuditChain.GENESIS),
                AuditChain.hash(1, record("x", abc), AuditChain.GENESIS));
    }

    @Test
    void theHashIsSha256InLowerCaseHex() {
        String hash = AuditChain.hash(1, record("alice", Map.of()), AuditChain.GENESIS);
        assertTrue(hash.matches("[0-9a-f]{64}"), hash);
    }

    @Test
    void multiByteTextCountsItsUtf8Bytes() {
        String encoded = new String(AuditChain.encode(1, record("zoë", Map.of()), AuditChain.GENESIS), StandardCharsets.UTF_8);
        assertTrue(encoded.contains(",4:zoë,"), encoded);
    }

    private static List<AuditEntry> chain(int n) {
        List<AuditEntry> out = new ArrayList<>();
        String previous = AuditChain.GENESIS;
        for (int i = 1; i <= n; i++) {
            AuditEntry e = AuditEntry.chained(i, record("u" + i, Map.of()), previous);
            out.add(e);
            previous = e.hash();
        }
        return out;
    }

    private static AuditVerification verify(List<AuditEntry> entries, long headSequence, String headHash) {
        AuditChain.Verifier v = new AuditChain.Verifier();
        entries.forEach(v::accept);
        return v.finish(headSequence, headHash);
    }

    @Test
    void anIntactChainVerifiesAndGivesItsLastHash() {
        List<AuditEntry> entries = chain(5);
        AuditVerification v = verify(entries, 5, entries.get(4).hash());
        assertTrue(v.intact());
        assertEquals(5, v.entriesChecked());
        assertEquals(entries.get(4).hash(), v.lastGoodHash());
    }

    @Test
    void aLastEntryReplacedWithARecomputedHashDisagreesWithTheHead() {
        List<AuditEntry> entries = new ArrayList<>(chain(5));
        String head = entries.get(4).hash();
        entries.set(4, AuditEntry.chained(5, record("mallory", Map.of()), entries.get(3).hash()));
        AuditVerification v = verify(entries, 5, head);
        assertEquals(Tampering.EDITED, v.firstBreak().get().kind());
        assertEquals(5, v.firstBreak().get().sequence());
    }

    @Test
    void anEntryWhosePreviousHashWasChangedReadsAsADeletionBeforeIt() {
        List<AuditEntry> entries = new ArrayList<>(chain(5));
        AuditEntry third = entries.get(2);
        entries.set(2, AuditEntry.chained(3, third.record(), "a".repeat(64)));
        AuditVerification v = verify(entries, 5, entries.get(4).hash());
        assertEquals(Tampering.DELETED, v.firstBreak().get().kind());
        assertEquals(3, v.firstBreak().get().sequence());
    }
}
