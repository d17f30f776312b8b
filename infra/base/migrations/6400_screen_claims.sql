-- Up Migration
-- A POST /screen under way for a client's Idempotency-Key. The claim is taken in a short
-- transaction before the matcher is called (no lock or connection is held during the call)
-- and removed in the transaction that stores the response; a duplicate arriving meanwhile
-- waits for that response instead of screening and metering a second time. expires_at frees
-- the key of a gateway that died mid-screening.

CREATE TABLE screen_claims (
  org_id          uuid NOT NULL REFERENCES organizations (id),
  idempotency_key text NOT NULL,
  request_hash    text NOT NULL,
  expires_at      timestamptz NOT NULL,
  PRIMARY KEY (org_id, idempotency_key)
);

-- Down Migration
DROP TABLE screen_claims;
