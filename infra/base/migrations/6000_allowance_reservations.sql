-- Up Migration
-- Allowance held for screenings under way on plans with a hard cap. A capped plan's check is
-- "metered + reserved + asked ≤ included", taken in a short transaction under the period's
-- allowance lock; the screening itself then runs without a lock. A single screen holds one
-- unit until it commits or fails (expires_at guards against a gateway that died in between);
-- a batch holds its valid items until they are metered (amount goes down as chunks commit).

CREATE TABLE allowance_reservations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id),
  period      char(7) NOT NULL,
  amount      integer NOT NULL CHECK (amount >= 0),
  purpose     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz
);
CREATE INDEX allowance_reservations_org_period ON allowance_reservations (org_id, period);

-- Down Migration
DROP TABLE allowance_reservations;
