-- A move from a given state (a guarded move) stamps the reservation's row with a token of its
-- own, and the statements sent with it (its history, its segments) act on the row only where
-- it bears that token: they take effect only when the move did, so the transaction commits in
-- the same round trip, without a look at the move's count first.
ALTER TABLE reservation ADD COLUMN move_token BIGINT;
