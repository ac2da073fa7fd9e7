-- Work a BAR keeps trying until it is done, so that a restart, or another replica, carries on.
--
-- An activation or a tear-down under way (state ACTIVATING or RELEASING) is tried again at
-- next_attempt_at. The replica making an attempt sets next_attempt_at to the end of its lease
-- first, so another replica takes the work over only once that lease has passed. attempts
-- counts the tries; settles_as is where a tear-down ends (FINISHED, CANCELLED or FAILED).
ALTER TABLE reservation ADD COLUMN next_attempt_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE reservation ADD COLUMN attempts INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE reservation ADD COLUMN settles_as VARCHAR(20);
CREATE INDEX reservation_next_attempt_idx ON reservation (next_attempt_at);
UPDATE reservation SET next_attempt_at = updated_at WHERE state IN ('ACTIVATING', 'RELEASING');

-- A call on one segment that did not reach its controller after the reservation moved on (an
-- abort of a part that did not answer, a release after a failed activation or a cancel): tried
-- again at next_attempt_at, the pause doubling, until the controller answers; then deleted.
CREATE TABLE segment_follow_up (
    booking_id       VARCHAR(200)  NOT NULL PRIMARY KEY,
    request_id       VARCHAR(100)  NOT NULL,
    controller       VARCHAR(200)  NOT NULL,
    action           VARCHAR(20)   NOT NULL,
    reason           VARCHAR(2000) NOT NULL,
    next_attempt_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    attempts         INTEGER       NOT NULL,
    CONSTRAINT segment_follow_up_reservation FOREIGN KEY (request_id) REFERENCES reservation (request_id)
);

CREATE INDEX segment_follow_up_due_idx ON segment_follow_up (next_attempt_at);
