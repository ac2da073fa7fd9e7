-- The audit trail (docs/security-audit.md; org.crs.service.audit.AuditTrail): every call that
-- changed state and every router command, append-only. Each entry carries the SHA-256 hash of
-- its content and of the hash of the entry before it (org.crs.domain.audit.AuditChain), so that
-- an entry edited, inserted or deleted afterwards breaks the chain where it was changed.
--
-- sequence_number counts from 1 without gaps. Every text column is NOT NULL (an absent value
-- is empty) so that what is hashed and what is read back are the same; the writer cuts text
-- to these lengths before hashing. arguments is a JSON object of strings, names in their order.
CREATE TABLE audit_entry (
    sequence_number  BIGINT         NOT NULL PRIMARY KEY,
    occurred_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    actor            VARCHAR(500)   NOT NULL,
    address          VARCHAR(500)   NOT NULL,
    certificate      VARCHAR(500)   NOT NULL,
    operation        VARCHAR(500)   NOT NULL,
    arguments        VARCHAR(100000) NOT NULL,
    outcome          VARCHAR(500)   NOT NULL,
    reservation_id   VARCHAR(500)   NOT NULL,
    booking_id       VARCHAR(500)   NOT NULL,
    router           VARCHAR(500)   NOT NULL,
    detail           VARCHAR(32000) NOT NULL,
    previous_hash    VARCHAR(64)    NOT NULL,
    entry_hash       VARCHAR(64)    NOT NULL
);

-- Operators search by reservation, account and router, newest first, and by time.
CREATE INDEX audit_entry_reservation_idx ON audit_entry (reservation_id, sequence_number);
CREATE INDEX audit_entry_actor_idx ON audit_entry (actor, sequence_number);
CREATE INDEX audit_entry_router_idx ON audit_entry (router, sequence_number);
CREATE INDEX audit_entry_time_idx ON audit_entry (occurred_at);

-- The last entry appended: its sequence number and hash. Every append updates this one row
-- first, in its own transaction, which makes appends from every thread and every replica
-- follow each other in one chain; verification checks that the last entry is this one (a cut
-- tail or an entry added after it shows).
CREATE TABLE audit_head (
    id               INTEGER        NOT NULL PRIMARY KEY,
    sequence_number  BIGINT         NOT NULL,
    entry_hash       VARCHAR(64)    NOT NULL,
    CONSTRAINT audit_head_one_row CHECK (id = 1)
);

INSERT INTO audit_head (id, sequence_number, entry_hash)
    VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');
