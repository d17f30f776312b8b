-- Up Migration
-- Enrollments that took a call of a capped plan's monthly allowance (README "Plans, limits and
-- billing"). PUT /monitor screens the entity; on a plan that refuses past its allowance (Trial,
-- Small, Medium) that screening takes one of the included calls, like a screen call, but it is
-- not a screen call in the usage report nor in the price: monitoring is billed in record-months.
-- One row per such enrollment; the allowance counts metered screen calls, these rows and the
-- reservations of screenings under way. Nothing to backfill: enrollments before this release
-- took no allowance.

CREATE TABLE monitor_enrollments (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id       uuid NOT NULL REFERENCES organizations (id),
  period       char(7) NOT NULL,
  record_id    uuid NOT NULL,
  enrolled_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitor_enrollments_org_period ON monitor_enrollments (org_id, period);

-- Down Migration
DROP TABLE monitor_enrollments;
