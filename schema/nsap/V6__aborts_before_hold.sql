-- An abort that finds no booking: the BAR gave up on a hold (or a hold and commit) that had not
-- arrived yet, typically one that timed out on its way. The abort takes the booking id's
-- circuit number, so that the call arriving later finds the id taken and books nothing (a
-- hold and commit arriving late would otherwise stay booked with no BAR knowing of it), and is
-- recorded here with who aborted and why.
CREATE TABLE segment_abort (
    booking_id  VARCHAR(100)  NOT NULL PRIMARY KEY,
    actor       VARCHAR(200)  NOT NULL,
    reason      VARCHAR(2000) NOT NULL,
    aborted_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT segment_abort_circuit FOREIGN KEY (booking_id) REFERENCES circuit_number (booking_id)
);
