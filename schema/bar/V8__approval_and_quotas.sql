-- Approval and quotas. A reservation is booked for a group (the booking account's primary
-- group): quotas add up the live reservations of a group, so the group is kept with each
-- reservation, as it was when booked. Null for reservations booked by no account's group.
--
-- The accounts migration (V6) was not on the main line when this was written, so the column is
-- added here; if V6 adds it first, this migration must be reduced to the index.
ALTER TABLE reservation ADD COLUMN group_name VARCHAR(100);

-- A quota check selects a group's live reservations over the months a booking touches.
CREATE INDEX reservation_group_idx ON reservation (group_name, start_at);
