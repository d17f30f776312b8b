-- Up Migration
-- Monitoring of a read-only organization (README "Plans, limits and billing"): while read-only,
-- its records are not screened again, no monitoring event is delivered to it and no record-month
-- accrues; once active again the monitoring catch-up screens its records on the current versions.
-- monitoring_paused_at: when it last went read-only; monitoring_resumed_at: when it last became
-- active again after that; monitoring_caught_up_at: the resumption (its monitoring_resumed_at)
-- whose re-screen has completed. All null for an organization never read-only: nothing to backfill.

ALTER TABLE organizations ADD COLUMN monitoring_paused_at timestamptz;
ALTER TABLE organizations ADD COLUMN monitoring_resumed_at timestamptz;
ALTER TABLE organizations ADD COLUMN monitoring_caught_up_at timestamptz;

-- Down Migration
ALTER TABLE organizations DROP COLUMN monitoring_caught_up_at;
ALTER TABLE organizations DROP COLUMN monitoring_resumed_at;
ALTER TABLE organizations DROP COLUMN monitoring_paused_at;
