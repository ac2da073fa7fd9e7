-- A move from a given state (a guarded move) stamps the reservation's row with a token of its
-- own, and the statements sent with it (its history, its segments) act only on the row
-- bearing that token. They take effect only when the move did, so the transaction commits in
-- the same round trip as its statements, with no look at the move's count first.
ALTER TABLE reservation ADD COLUMN write_token BIGINT;
