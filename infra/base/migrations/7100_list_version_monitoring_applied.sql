-- Up Migration
-- When the monitoring fan-out of a version finished. A fan-out works out which key groups its
-- change carried across their thresholds from the sizes the matcher reports, exactly only when
-- every other version those sizes include has been fanned out already (and so has the version
-- before it); otherwise it takes every group its change touches. A version published more than a
-- day before this migration counts as fanned out; a later one, whose fan-out may still be under
-- way, does not (the fan-outs that depend on it take every group until it is superseded).

ALTER TABLE list_versions ADD COLUMN monitoring_applied_at timestamptz;
UPDATE list_versions SET monitoring_applied_at = now() WHERE coalesce(published_at, retrieved_at) < now() - interval '1 day';

-- Down Migration
ALTER TABLE list_versions DROP COLUMN monitoring_applied_at;
