-- Up Migration
-- Webhook endpoints and the delivery log. A delivery is one event for one endpoint; its body
-- is stored once, so every attempt (and a replay) sends the same bytes. Every attempt is a row
-- of webhook_delivery_attempts. The signing secret must be readable to sign, so it is kept as
-- is: only the gateway and the worker's database role can read this table.

CREATE TABLE webhook_endpoints (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id            uuid NOT NULL REFERENCES organizations (id),
  url               text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  events            text[] NOT NULL CHECK (cardinality(events) >= 1),
  secret            text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  secret_rotated_at timestamptz,
  deleted_at        timestamptz
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id              uuid NOT NULL REFERENCES organizations (id),
  endpoint_id         uuid NOT NULL REFERENCES webhook_endpoints (id),
  event_id            uuid NOT NULL,
  event_type          text NOT NULL CHECK (event_type IN ('match_status_change', 'batch_completed', 'list_update')),
  -- What the event is about, so an emitter retried by Temporal records it once per endpoint.
  event_key           text NOT NULL,
  monitored_record_id uuid,
  body                text NOT NULL,
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  replay_of           uuid REFERENCES webhook_deliveries (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (endpoint_id, event_type, event_key) WHERE replay_of IS NULL;
CREATE INDEX webhook_deliveries_org_created ON webhook_deliveries (org_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_pending_record ON webhook_deliveries (monitored_record_id) WHERE status = 'pending';

CREATE TABLE webhook_delivery_attempts (
  delivery_id  uuid NOT NULL REFERENCES webhook_deliveries (id),
  attempt      integer NOT NULL CHECK (attempt >= 1),
  attempted_at timestamptz NOT NULL,
  status_code  integer,
  latency_ms   integer NOT NULL CHECK (latency_ms >= 0),
  error        text,
  PRIMARY KEY (delivery_id, attempt)
);

-- Down Migration
DROP TABLE webhook_delivery_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
