package org.crs.bar.api.json.answer;

import org.crs.domain.audit.AuditVerification;

/**
 * What a walk of the audit trail found (schema {@code AuditVerification}): intact, or the first
 * entry edited, inserted or deleted (empty {@code tampering} and sequence 0 when intact).
 */
public record AuditVerificationJson(boolean intact, long entriesChecked, String lastGoodHash, String tampering,
                                    long sequence, String detail) {

    public static AuditVerificationJson of(AuditVerification v) {
        return new AuditVerificationJson(v.intact(), v.entriesChecked(), v.lastGoodHash(),
                v.firstBreak().map(b -> b.kind().name()).orElse(""),
                v.firstBreak().map(AuditVerification.Break::sequence).orElse(0L),
                v.firstBreak().map(AuditVerification.Break::detail).orElse(""));
    }
}
