-- The correlation id of the request whose result each NSI machine of a connection owes
-- (docs/nsi.md, "Following the reservation"): the reserve, modify, reserveCommit or reserveAbort
-- that moved the reservation machine into ReserveChecking, ReserveCommitting or ReserveAborting;
-- the provision or release that moved the provision machine into Provisioning or Releasing; the
-- terminate. The confirmed or failed result that ends the move carries it, whether the request's
-- own call, the sweep or another replica decides it. Null where no such request was made (and for
-- every connection before this migration, whose results decided by the sweep get fresh ids).
ALTER TABLE nsi_connection ADD COLUMN reserve_correlation_id VARCHAR(100);
ALTER TABLE nsi_connection ADD COLUMN provision_correlation_id VARCHAR(100);
ALTER TABLE nsi_connection ADD COLUMN terminate_correlation_id VARCHAR(100);
