-- Whose each booking is: the site of the BAR that held it (every replica of that BAR, whatever
-- certificate it presents, as the service's configuration maps certificates to sites). Written
-- from the authenticated caller when the booking is made and never changed, and read by every
-- operation that names the booking: a BAR acts only on its own. NULL: no BAR recorded (booked
-- by the service itself when it runs without access control, or before this column existed;
-- a service with BARs configured gives those to the BAR of the site the booking id names at
-- its start). Never parsed from the booking id afterwards.
ALTER TABLE segment ADD COLUMN owner_site VARCHAR(100);

-- The same for an abort that arrived before any hold of its booking id: it takes the id for
-- the BAR that aborted, and only that BAR's hold is told so; another BAR's is refused.
ALTER TABLE segment_abort ADD COLUMN owner_site VARCHAR(100);

-- A BAR's query and device log list its own bookings.
CREATE INDEX segment_owner_idx ON segment (owner_site, start_at);
