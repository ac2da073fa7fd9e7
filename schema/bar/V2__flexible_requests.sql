-- What a client asked when it let the BAR choose the time (and, for a transfer, the bandwidth):
-- kept so that the same request again finds its reservation, whose start_at, end_at and
-- bandwidth_mbps are then the ones chosen. All null for a fixed request.
--   flex_window_start, flex_window_end  the circuit lies within [start, end); a transfer's end is its deadline
--   flex_duration_seconds               a window request's duration (null for a transfer)
--   flex_volume_megabytes               a transfer's volume, 10^6 bytes (null for a window request)
--   flex_mbps                           the bandwidth asked for (a transfer's most)
ALTER TABLE reservation ADD COLUMN flex_window_start TIMESTAMP WITH TIME ZONE;
ALTER TABLE reservation ADD COLUMN flex_window_end TIMESTAMP WITH TIME ZONE;
ALTER TABLE reservation ADD COLUMN flex_duration_seconds BIGINT;
ALTER TABLE reservation ADD COLUMN flex_volume_megabytes BIGINT;
ALTER TABLE reservation ADD COLUMN flex_mbps BIGINT;
