-- Up Migration
-- Every batch result carries every list's version (`sources`, about 4 KB at the real list
-- count), and the results of one job carry one or two different ones. Each different one is
-- stored once per job here; a result stored with its `sources` replaced by a number names their
-- row in `sources_id` and is read back with them put in again (activities/batch/jobs.ts). A
-- result written before (sources_id null) holds its sources itself and is read as it is.

CREATE TABLE batch_result_sources (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id   uuid NOT NULL REFERENCES batch_jobs (id),
  sources  jsonb NOT NULL
);
-- One row per different sources of a job; md5 because a value of several KB does not fit a btree entry.
CREATE UNIQUE INDEX batch_result_sources_job_sources ON batch_result_sources (job_id, md5(sources::text));

ALTER TABLE batch_items ADD COLUMN sources_id bigint;

-- Down Migration
ALTER TABLE batch_items DROP COLUMN sources_id;
DROP TABLE batch_result_sources;
