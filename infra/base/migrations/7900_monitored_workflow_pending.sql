-- Up Migration
-- A monitored record whose workflow `monitor/{recordId}` may not be running yet (README
-- "Continuous monitoring"). PUT /monitor commits the record and its record-month first, then
-- starts the workflow; when that start fails (Temporal out of reach) the enrollment still
-- answers 200 and the monitoring catch-up starts the workflow later. Set when the record is
-- enrolled, cleared once its workflow has been started. Null (every existing row): started.

ALTER TABLE monitored_records ADD COLUMN workflow_pending_since timestamptz;
-- Its index is built without blocking writes, in 7901.

-- Down Migration
ALTER TABLE monitored_records DROP COLUMN workflow_pending_since;
