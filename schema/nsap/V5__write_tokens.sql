-- A write that may not take place stamps the rows it claims with a token of its own, and the
-- statements sent with it act only on rows bearing that token. They take effect only when
-- the write did, so the transaction commits in the same round trip as its statements, with
-- no look at a count first.
--
-- segment: a move from a given state (a guarded move) and a hold stamp the segment's row; its
--          history and the release of its resources go only with a stamped row.
-- resource: a hold claims each resource it books (moves its version on) only at the version
--          its calendar was read at; the booking is written only where every resource was
--          claimed, and otherwise the claimed ones get their versions back.
ALTER TABLE segment ADD COLUMN write_token BIGINT;
ALTER TABLE resource ADD COLUMN write_token BIGINT;
