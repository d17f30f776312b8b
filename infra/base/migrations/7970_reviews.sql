-- Up Migration
-- Human verification of potential matches (README "Reviews of potential matches"). One review per
-- monitored record and listed entry (source, entry key) that matched it. `entry` and `subject` hold
-- the listed entry's and the subject's identifying fields as last seen, for the field-by-field diff
-- a reopening shows; `entry_hash` is the entry's content hash (list_entries.content_hash) and
-- `subject_hash` the sha256 of the subject's identifying fields, which a carried-forward decision
-- must still find unchanged. A review never changes a screening status.

CREATE TABLE reviews (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id),
  record_id       uuid NOT NULL REFERENCES monitored_records (id),
  source_key      text NOT NULL,
  entry_key       text NOT NULL,
  state           text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved')),
  match_present   boolean NOT NULL DEFAULT true,
  list_version_id uuid NOT NULL,
  entry_hash      text NOT NULL,
  entry           jsonb NOT NULL,
  subject_hash    text NOT NULL,
  subject         jsonb NOT NULL,
  match           jsonb NOT NULL,
  -- The decision that resolved it (null while open).
  decision_id     uuid,
  -- The reopening's field-by-field diff (null until reopened).
  changes         jsonb,
  opened_at       timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (record_id, source_key, entry_key)
);
CREATE INDEX reviews_org_state ON reviews (org_id, state, id);
CREATE INDEX reviews_record ON reviews (record_id);

-- Append-only: a later decision supersedes an earlier one; both stay. `status`: in_force, or
-- awaiting_approval under four eyes (approved_* set when a second reviewer approves it).
CREATE TABLE review_decisions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  review_id        uuid NOT NULL REFERENCES reviews (id),
  org_id           uuid NOT NULL REFERENCES organizations (id),
  decision         text NOT NULL CHECK (decision IN ('not_a_match', 'confirmed_match', 'unable_to_determine')),
  reason_code      text NOT NULL,
  note             text NOT NULL,
  identifiers      jsonb NOT NULL,
  reviewer         text NOT NULL,
  api_key_id       uuid NOT NULL,
  valid_until      timestamptz,
  entry_hash       text NOT NULL,
  subject_hash     text NOT NULL,
  list_version_id  uuid NOT NULL,
  requires_approval boolean NOT NULL,
  decided_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  seq              bigserial
);
CREATE INDEX review_decisions_review ON review_decisions (review_id, seq);

CREATE TABLE review_approvals (
  decision_id  uuid PRIMARY KEY REFERENCES review_decisions (id),
  org_id       uuid NOT NULL REFERENCES organizations (id),
  reviewer     text NOT NULL,
  api_key_id   uuid NOT NULL,
  approved_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The review's history: opened, reopened (with the changes), carried_forward (the version, entry
-- hash and subject hash checked), match_gone, match_back, decided, approved.
CREATE TABLE review_history (
  id          bigserial PRIMARY KEY,
  review_id   uuid NOT NULL REFERENCES reviews (id),
  kind        text NOT NULL,
  detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
  at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX review_history_review ON review_history (review_id, id);

CREATE FUNCTION reviews_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER review_decisions_append_only BEFORE UPDATE OR DELETE ON review_decisions
  FOR EACH ROW EXECUTE FUNCTION reviews_append_only();
CREATE TRIGGER review_approvals_append_only BEFORE UPDATE OR DELETE ON review_approvals
  FOR EACH ROW EXECUTE FUNCTION reviews_append_only();
CREATE TRIGGER review_history_append_only BEFORE UPDATE OR DELETE ON review_history
  FOR EACH ROW EXECUTE FUNCTION reviews_append_only();

-- Four eyes: off, confirmed_match (a second reviewer approves confirmed matches) or all.
ALTER TABLE organizations ADD COLUMN review_four_eyes text NOT NULL DEFAULT 'off'
  CHECK (review_four_eyes IN ('off', 'confirmed_match', 'all'));

-- NOT VALID: the deliveries already stored are not scanned under this lock (7972 validates them).
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check
  CHECK (event_type IN ('match_status_change', 'batch_completed', 'list_update', 'review_opened', 'review_reopened', 'review_resolved')) NOT VALID;

-- Down Migration
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check
  CHECK (event_type IN ('match_status_change', 'batch_completed', 'list_update'));
ALTER TABLE organizations DROP COLUMN review_four_eyes;
DROP TABLE review_history;
DROP TABLE review_approvals;
DROP TABLE review_decisions;
DROP TABLE reviews;
DROP FUNCTION reviews_append_only();
