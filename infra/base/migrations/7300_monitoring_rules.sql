-- Up Migration
-- The matching rules (matcher/rulesVersion.ts) each monitored record was last screened with, and
-- the version the matchers were last seen screening with (since when: a release rolled back and
-- made again is a new generation). The monitoring catch-up screens again every record on other
-- rules than the matchers' (activities/monitoring/rules.ts). The records enrolled so far were
-- screened with version 1; null is a screening by a matcher older than the version.

-- A default on ADD COLUMN is metadata only: no rewrite, no long lock on the table.
ALTER TABLE monitored_records ADD COLUMN rules_version integer DEFAULT 1;
ALTER TABLE monitored_records ALTER COLUMN rules_version DROP DEFAULT;
CREATE INDEX monitored_records_rules_version ON monitored_records (rules_version) WHERE removed_at IS NULL;

CREATE TABLE monitoring_rules (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rules_version integer NOT NULL,
  seen_since timestamptz NOT NULL DEFAULT now()
);
INSERT INTO monitoring_rules (rules_version) VALUES (1);

-- Down Migration
DROP TABLE monitoring_rules;
ALTER TABLE monitored_records DROP COLUMN rules_version;
