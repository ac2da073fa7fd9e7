-- What the BAR flagged about a reservation's traffic (docs/bar-services.md, "Utilisation"): IDLE
-- (nothing carried in its first 10 minutes of ACTIVE) and ERRORS (errors or discards counted),
-- each at most once per reservation, so the owner is told once and operators see it for good.
-- Also holds that the idle check of a reservation is done (kind IDLE_CHECKED), so a BAR or a
-- replica does not ask the segments again after a restart.
CREATE TABLE usage_flag (
    request_id  VARCHAR(100)  NOT NULL,
    kind        VARCHAR(20)   NOT NULL,
    raised_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    detail      VARCHAR(1000) NOT NULL,
    CONSTRAINT usage_flag_once PRIMARY KEY (request_id, kind)
);
