-- Up Migration
-- A record's candidate headroom (migration 6800) on a table of its own. Every fan-out takes room
-- from the reached records it does not screen again (tens of thousands at a million records):
-- on monitored_records each of those updates rewrites a wide row and all ten of its indexes,
-- the GIN key index among them, where this narrow row is updated in place (HOT: fillfactor).
-- A record's headroom is the lesser of its row here and monitored_records.candidate_headroom
-- (NULL ignored): records screened before this release keep theirs in the column until a
-- fan-out takes room from them (which moves it here) or a screening stores a new one (here,
-- the column then NULL), and what the previous release writes there during a rolling deploy
-- still counts.
CREATE TABLE monitored_record_headroom (
  record_id uuid PRIMARY KEY REFERENCES monitored_records (id) ON DELETE CASCADE,
  headroom integer NOT NULL
) WITH (fillfactor = 70);

-- Down Migration
DROP TABLE monitored_record_headroom;
