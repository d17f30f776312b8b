-- Up Migration
-- What the last fetch of each source from its publisher found (activities/lists/fetch/): the
-- validators of the artifact behind the current version (a conditional request sends them back,
-- so an unchanged file is not downloaded again), its size (the byte cap of the next download is a
-- multiple of it), and the outcome of the last attempt. `failing_since` is the first failed attempt
-- since the last success: a source failing for longer than its cadence allows is `stale` in the
-- coverage report. `failed_step` names the recipe's step that failed (landing_page, find_link,
-- api_call, post, download), `failed_status` the HTTP status when there was one.

CREATE TABLE list_fetch_state (
  source_key text PRIMARY KEY,
  artifact_url text,
  etag text,
  last_modified text,
  artifact_bytes bigint,
  last_attempt_at timestamptz NOT NULL,
  last_outcome text NOT NULL CHECK (last_outcome IN ('new', 'not_modified', 'failed')),
  last_success_at timestamptz,
  failing_since timestamptz,
  failed_step text,
  failed_status integer,
  failure_message text
);

-- Down Migration
DROP TABLE list_fetch_state;
