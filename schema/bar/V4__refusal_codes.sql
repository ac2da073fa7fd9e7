-- Why a REJECTED reservation was refused, for programs: a refusal code (NO_CAPACITY, NO_PATH,
-- MAINTENANCE, VLAN_UNAVAILABLE, HOST_PORT_BUSY, BAD_FIELD, TIMEOUT, PROVIDER_SILENT, POLICY),
-- kept so that a later getReservation answers it. Null for every other state, and for
-- reservations rejected before codes were kept.
ALTER TABLE reservation ADD COLUMN refusal_code VARCHAR(30);
