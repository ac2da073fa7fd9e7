-- The operator behind a maintenance window. created_by and lifted_by (V4) are the caller the
-- provider authenticated: a BAR (by its certificate) or the process itself. A BAR declares and
-- lifts windows for one of its operators and names that operator; these columns keep the name.
-- NULL: no operator was named (a BAR from before this column, or the process acting on its own),
-- recorded as unknown rather than as an empty string.
ALTER TABLE maintenance_window ADD COLUMN declared_by_operator VARCHAR(200);
ALTER TABLE maintenance_window ADD COLUMN lifted_by_operator VARCHAR(200);
-- A live window has no lifting operator.
ALTER TABLE maintenance_window ADD CONSTRAINT maintenance_window_lift_operator
    CHECK (lifted_at IS NOT NULL OR lifted_by_operator IS NULL);
