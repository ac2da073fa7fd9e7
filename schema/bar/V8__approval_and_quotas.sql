-- Approval and quotas. A quota check adds up the live reservations of a group (group_name, from
-- V6) over the calendar months a booking touches: an index by group and start serves it.
CREATE INDEX reservation_group_start_idx ON reservation (group_name, start_at);
