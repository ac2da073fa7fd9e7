-- Admission reads a resource's calendar as the bookings starting in a time range, through
-- segment_resource_calendar_idx (resource_id, start_at), and must touch only that range.
--
-- 1. HSQLDB chose the index that the segment_resource -> resource foreign key creates on
--    resource_id alone, scanning every booking the resource ever had. Without the foreign
--    key both databases read the range. Every resource a segment uses is still a registered
--    one: admission locks each resource's row first and refuses a resource that has none,
--    and resource rows are never deleted.
ALTER TABLE segment_resource DROP CONSTRAINT segment_resource_resource;

-- 2. Whether the segment still occupies the resource: true while the segment is HELD,
--    COMMITTED, ACTIVATING, ACTIVE or DEACTIVATING, false once it has ended (the states it
--    ends in are final). Kept here so that a calendar read needs no join with segment.
ALTER TABLE segment_resource ADD COLUMN occupies BOOLEAN DEFAULT TRUE NOT NULL;

UPDATE segment_resource SET occupies = FALSE
 WHERE booking_id IN (SELECT booking_id FROM segment WHERE state IN ('RELEASED', 'ABORTED', 'EXPIRED', 'FAILED'));
