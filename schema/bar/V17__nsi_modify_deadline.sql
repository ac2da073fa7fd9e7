-- When the modify of an NSI connection now being checked or held lapses (docs/nsi.md, "Modify"):
-- the BAR holds the change at its segments until then, and a connection still ReserveHeld with
-- the modify uncommitted at that time moves to ReserveTimeout. Null when no modify is under way
-- (every connection before this migration, and every first reserve, whose hold is the BAR
-- reservation's own).
ALTER TABLE nsi_connection ADD COLUMN modify_deadline TIMESTAMP WITH TIME ZONE;
