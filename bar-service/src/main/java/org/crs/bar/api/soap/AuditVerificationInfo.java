package org.crs.bar.api.soap;

import org.crs.domain.audit.AuditVerification;

/** What the verification of the BAR's audit trail found. */
public class AuditVerificationInfo {

    /** A verification of the trail as the port types answer it (static: no bean property, no operation). */
    public static AuditVerificationInfo of(AuditVerification v) {
        AuditVerificationInfo info = new AuditVerificationInfo();
        info.setIntact(v.intact());
        info.setEntriesChecked(v.entriesChecked());
        info.setLastGoodHash(v.lastGoodHash());
        info.setTampering(v.firstBreak().map(b -> b.kind().name()).orElse(""));
        info.setSequence(v.firstBreak().map(AuditVerification.Break::sequence).orElse(0L));
        info.setDetail(v.firstBreak().map(AuditVerification.Break::detail).orElse(""));
        return info;
    }

    private boolean intact;
    private long entriesChecked;
    private String lastGoodHash;
    private String tampering;
    private long sequence;
    private String detail;

    /** Whether every entry chains correctly. */
    public boolean isIntact() {
        return intact;
    }

    public void setIntact(boolean intact) {
        this.intact = intact;
    }

    /** How many entries chained correctly, from the first on. */
    public long getEntriesChecked() {
        return entriesChecked;
    }

    public void setEntriesChecked(long entriesChecked) {
        this.entriesChecked = entriesChecked;
    }

    /** The hash of the last entry that chained correctly. */
    public String getLastGoodHash() {
        return lastGoodHash;
    }

    public void setLastGoodHash(String lastGoodHash) {
        this.lastGoodHash = lastGoodHash;
    }

    /** {@code EDITED}, {@code INSERTED} or {@code DELETED} for the first broken entry; empty when intact. */
    public String getTampering() {
        return tampering;
    }

    public void setTampering(String tampering) {
        this.tampering = tampering;
    }

    /** The sequence number of the first broken entry; 0 when intact. */
    public long getSequence() {
        return sequence;
    }

    public void setSequence(long sequence) {
        this.sequence = sequence;
    }

    /** What was found, for people; empty when intact. */
    public String getDetail() {
        return detail;
    }

    public void setDetail(String detail) {
        this.detail = detail;
    }
}
