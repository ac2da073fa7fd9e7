-- What each segment carried, measured by polling its routers' interface counters
-- (org.crs.nsap.service.TrafficPolling; docs/nsap-services.md "Traffic"). One row is one rate
-- over [period_start, period_end): tier 0 a polled rate (resolution_seconds: the polling
-- interval), tier 1 a 5-minute mean of polled rates, tier 2 an hourly mean of 5-minute means.
-- Rows are made coarser as they age and hourly rows are dropped at the end of their retention
-- (org.crs.domain.traffic.TrafficRetention), so the table's size is bounded per circuit.
-- No foreign key to segment: rates outlive nothing they refer to, and polling never waits on
-- a segment's row lock.
CREATE TABLE segment_traffic (
    booking_id          VARCHAR(100)     NOT NULL,
    period_start        TIMESTAMP WITH TIME ZONE NOT NULL,
    tier                SMALLINT         NOT NULL,
    period_end          TIMESTAMP WITH TIME ZONE NOT NULL,
    resolution_seconds  INTEGER          NOT NULL,
    in_bps              DOUBLE PRECISION NOT NULL,
    out_bps             DOUBLE PRECISION NOT NULL,
    errors_per_second   DOUBLE PRECISION NOT NULL,
    discards_per_second DOUBLE PRECISION NOT NULL,
    CONSTRAINT segment_traffic_pk PRIMARY KEY (booking_id, period_start, tier),
    CONSTRAINT segment_traffic_tier CHECK (tier IN (0, 1, 2)),
    CONSTRAINT segment_traffic_period CHECK (period_start < period_end)
);

-- Coarsening reads and deletes one tier's rows older than a time; the latest rates read tier 0.
CREATE INDEX segment_traffic_age_idx ON segment_traffic (tier, period_start);
