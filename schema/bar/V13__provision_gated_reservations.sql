-- When a committed reservation's circuit is up (docs/bar-services.md, "Provision and release").
--
-- provisioning: AUTOMATIC (up from its start to its end; every reservation before this
-- migration) or ON_PROVISION (up only while provisioned and inside its schedule: an NSI
-- connection). provisioned: whether an ON_PROVISION reservation is provisioned now; always
-- false for an AUTOMATIC one. provision_changed_at: when it was last provisioned or released
-- (its creation when never); an activation that begins after the start because the provision
-- came late is tried until this time plus the activation grace.
--
-- The due work starts an activation only on a row that may be up (AUTOMATIC, or provisioned),
-- in the same conditional update that moves it to ACTIVATING, so a release racing it cannot
-- leave a circuit up.
ALTER TABLE reservation ADD COLUMN provisioning VARCHAR(16) DEFAULT 'AUTOMATIC' NOT NULL;
ALTER TABLE reservation ADD COLUMN provisioned BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE reservation ADD COLUMN provision_changed_at TIMESTAMP WITH TIME ZONE;
UPDATE reservation SET provision_changed_at = created_at;
ALTER TABLE reservation ALTER COLUMN provision_changed_at SET NOT NULL;
