-- Up Migration
-- Monthly attestations (README "Reviews of potential matches"): for an organization and a closed
-- month, a frozen record of its monitored subjects and the reviews and decisions in force at
-- month end. `body` is the exact JSON text hashed (`body_hash`, sha256 hex); it names the previous
-- month's body_hash, chaining the months; `signature` is the service key's Ed25519 signature of
-- body_hash. Append-only.

CREATE TABLE review_attestations (
  org_id        uuid NOT NULL REFERENCES organizations (id),
  month         char(7) NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  body          text NOT NULL,
  body_hash     text NOT NULL,
  previous_hash text,
  key_id        text NOT NULL,
  signature     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, month)
);

CREATE TRIGGER review_attestations_append_only BEFORE UPDATE OR DELETE ON review_attestations
  FOR EACH ROW EXECUTE FUNCTION reviews_append_only();

-- Down Migration
DROP TABLE review_attestations;
