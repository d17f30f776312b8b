-- Up Migration
-- The billing period a batch was submitted in. Its allowance reservation is taken in that
-- period, so its items are metered in it too, even when a chunk commits after the month turns:
-- metering them in the commit's period would leave the reservation of the old period unused
-- and charge a period that never admitted them.

ALTER TABLE batch_jobs ADD COLUMN period char(7);
UPDATE batch_jobs SET period = to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM');
ALTER TABLE batch_jobs ALTER COLUMN period SET NOT NULL;

-- Down Migration
ALTER TABLE batch_jobs DROP COLUMN period;
