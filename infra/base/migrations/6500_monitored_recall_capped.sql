-- Up Migration
-- Whether a record's last screening hit the candidate limit, as a column: a list version's
-- re-screen reads it for every record it reaches, and reading it out of the stored result
-- meant reading the whole result.

ALTER TABLE monitored_records ADD COLUMN recall_capped boolean NOT NULL DEFAULT false;
UPDATE monitored_records SET recall_capped = coalesce((result->>'recallCapped')::boolean, false);

-- Down Migration
ALTER TABLE monitored_records DROP COLUMN recall_capped;
