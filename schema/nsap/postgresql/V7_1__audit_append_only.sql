-- The audit trail is append-only in the database too: UPDATE, DELETE and TRUNCATE of
-- audit_entry are refused, whoever asks (a superuser or the table's owner can still drop the
-- trigger; the hash chain then shows what was changed). HSQLDB's V7_1 is empty: there the
-- chain alone guards the trail.
CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_entry is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;

CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_entry
    FOR EACH STATEMENT EXECUTE PROCEDURE audit_entry_append_only();
