-- Up Migration
-- The matching rules (matcher/rulesVersion.ts) the monitored records were last screened with, as
-- a whole: when the matcher serving them reports another version, the monitoring catch-up screens
-- every record again and then records the new one (activities/monitoring/rules.ts). The records
-- enrolled so far were screened with version 1.

CREATE TABLE monitoring_rules (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  rules_version integer NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO monitoring_rules (rules_version) VALUES (1);

-- Down Migration
DROP TABLE monitoring_rules;
