-- Up Migration
-- Organizations, API keys, the usage ledger and stored screen responses. Plan limits and
-- rates are published in code (gateway/billing/plans.ts); an organization names its plan.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE organizations (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  plan       text NOT NULL CHECK (plan IN ('trial', 'small', 'medium', 'large', 'enterprise')),
  state      text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'read_only')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Only a SHA-256 of the key is kept; the key itself is shown once at issue.
CREATE TABLE api_keys (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id     uuid NOT NULL REFERENCES organizations (id),
  key_hash   bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_org_idx ON api_keys (org_id);

-- Append-only: one row per metered event. event_key makes each event count once:
-- screen = idempotency key, batch_item = '<jobId>:<index>', record_month = '<recordId>:<YYYY-MM>'.
CREATE TABLE usage_events (
  id          bigserial PRIMARY KEY,
  org_id      uuid NOT NULL REFERENCES organizations (id),
  period      char(7) NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  kind        text NOT NULL CHECK (kind IN ('screen', 'batch_item', 'record_month')),
  event_key   text NOT NULL CHECK (char_length(event_key) BETWEEN 1 AND 600),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, kind, event_key)
);

-- Per-period totals kept by trigger in the same transaction as the ledger insert, so a
-- usage read or an allowance check is one primary-key lookup and never disagrees with the ledger.
CREATE TABLE usage_periods (
  org_id        uuid NOT NULL REFERENCES organizations (id),
  period        char(7) NOT NULL,
  screen_calls  integer NOT NULL DEFAULT 0 CHECK (screen_calls >= 0),
  record_months integer NOT NULL DEFAULT 0 CHECK (record_months >= 0),
  PRIMARY KEY (org_id, period)
);

CREATE FUNCTION usage_events_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_periods (org_id, period, screen_calls, record_months)
  VALUES (NEW.org_id, NEW.period,
          CASE WHEN NEW.kind IN ('screen', 'batch_item') THEN 1 ELSE 0 END,
          CASE WHEN NEW.kind = 'record_month' THEN 1 ELSE 0 END)
  ON CONFLICT (org_id, period) DO UPDATE
    SET screen_calls = usage_periods.screen_calls + EXCLUDED.screen_calls,
        record_months = usage_periods.record_months + EXCLUDED.record_months;
  RETURN NEW;
END $$;

CREATE TRIGGER usage_events_count AFTER INSERT ON usage_events
  FOR EACH ROW EXECUTE FUNCTION usage_events_count();

CREATE FUNCTION usage_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'usage_events is append-only';
END $$;

CREATE TRIGGER usage_events_append_only BEFORE UPDATE OR DELETE ON usage_events
  FOR EACH ROW EXECUTE FUNCTION usage_events_append_only();

-- The stored 200 of POST /screen per (organization, Idempotency-Key): a retry gets it back.
CREATE TABLE screen_responses (
  org_id          uuid NOT NULL REFERENCES organizations (id),
  idempotency_key text NOT NULL,
  request_hash    text NOT NULL,
  response        json NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, idempotency_key)
);

-- Down Migration
DROP TABLE screen_responses;
DROP TRIGGER usage_events_append_only ON usage_events;
DROP FUNCTION usage_events_append_only();
DROP TRIGGER usage_events_count ON usage_events;
DROP FUNCTION usage_events_count();
DROP TABLE usage_periods;
DROP TABLE usage_events;
DROP TABLE api_keys;
DROP TABLE organizations;
