-- The VLAN a reservation asks for at each end at this site's campus (docs/nsi.md, "The provider"):
-- a circuit that ends on a hand-off port (a trunk to another network) may fix the VLAN it takes
-- there, as an NSI requester's label does. 0: any, the L-NSAP chooses (every reservation before
-- this migration, and every end on a host port, which is untagged).
ALTER TABLE reservation ADD COLUMN source_vlan INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE reservation ADD COLUMN destination_vlan INTEGER DEFAULT 0 NOT NULL;
