-- Up Migration
-- When the monitoring fan-out of a version finished. A fan-out works out which key groups its
-- change carried across their thresholds from the sizes the matcher reports, exactly only when
-- every other version those sizes include has been fanned out already (and so has the version
-- before it); otherwise it takes every group its change touches. Versions published before this
-- migration count as fanned out.

ALTER TABLE list_versions ADD COLUMN monitoring_applied_at timestamptz;
UPDATE list_versions SET monitoring_applied_at = now();

-- Down Migration
ALTER TABLE list_versions DROP COLUMN monitoring_applied_at;
