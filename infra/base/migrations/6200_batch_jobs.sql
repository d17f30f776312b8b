-- Up Migration
-- Batch jobs and their items. Items and results live here, not in workflow payloads: the
-- workflow passes the job id and index ranges. One job per (organization, Idempotency-Key).
-- An item is handled once: its outcome, its result, its ledger row (usage_events batch_item
-- '<jobId>:<index>') and the job's counters commit in one transaction, guarded by
-- `outcome IS NULL`, so a chunk retried after a lost worker meters nothing twice.

CREATE TABLE batch_jobs (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id           uuid NOT NULL REFERENCES organizations (id),
  idempotency_key  text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
  state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'processing', 'completed')),
  total_items      integer NOT NULL CHECK (total_items BETWEEN 1 AND 2000),
  completed_items  integer NOT NULL DEFAULT 0 CHECK (completed_items >= 0),
  failed_items     integer NOT NULL DEFAULT 0 CHECK (failed_items >= 0),
  -- Allowance held for the valid items on a capped plan (allowance_reservations); null otherwise.
  reservation_id   uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  started_at       timestamptz,
  completed_at     timestamptz,
  UNIQUE (org_id, idempotency_key)
);

CREATE TABLE batch_items (
  job_id   uuid NOT NULL REFERENCES batch_jobs (id),
  idx      integer NOT NULL CHECK (idx >= 0),
  item     jsonb NOT NULL,
  outcome  text CHECK (outcome IN ('completed', 'error')),
  result   jsonb,
  error    jsonb,
  PRIMARY KEY (job_id, idx)
);
CREATE INDEX batch_items_pending ON batch_items (job_id, idx) WHERE outcome IS NULL;

-- Down Migration
DROP TABLE batch_items;
DROP TABLE batch_jobs;
