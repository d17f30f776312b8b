-- Up Migration
-- How many more viable candidates a record's fullest query name could take, at its last
-- screening, before the candidate limit caps it. A list version that adds fewer viable
-- candidates for the record than that cannot cap it; more, and the record is screened again.
-- NULL (records screened before this column): unknown, so any viable addition re-screens it.

ALTER TABLE monitored_records ADD COLUMN candidate_headroom integer;

-- Down Migration
ALTER TABLE monitored_records DROP COLUMN candidate_headroom;
