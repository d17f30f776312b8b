-- Up Migration
-- The switch (its `enabled_changed_at`) the monitored records were last screened again for. A
-- switch is pending until a re-screen that started after it completes, even when the list was
-- switched back meanwhile: records stored while it was off (or on) must be screened again on the
-- lists as they are (activities/monitoring/switches.ts).

ALTER TABLE list_sources ADD COLUMN monitoring_switched_at timestamptz;
UPDATE list_sources SET monitoring_switched_at = enabled_changed_at WHERE monitoring_enabled IS NOT DISTINCT FROM enabled;

-- Down Migration
ALTER TABLE list_sources DROP COLUMN monitoring_switched_at;
