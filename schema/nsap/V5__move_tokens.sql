-- A move from a given state (a guarded move) stamps the segment's row with a token of its
-- own, and the statements sent with it (its history, the release of its resources) act on the
-- row only where it bears that token: they take effect only when the move did, so the
-- transaction commits in the same round trip, without a look at the move's count first.
ALTER TABLE segment ADD COLUMN move_token BIGINT;
