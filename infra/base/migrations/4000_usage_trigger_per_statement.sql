-- Up Migration
-- The usage_periods totals follow the ledger per statement instead of per row: a bulk insert
-- (a batch chunk, a month of record-months) updates each period row once.

DROP TRIGGER usage_events_count ON usage_events;

CREATE OR REPLACE FUNCTION usage_events_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_periods (org_id, period, screen_calls, record_months)
  SELECT org_id, period,
         count(*) FILTER (WHERE kind IN ('screen', 'batch_item')),
         count(*) FILTER (WHERE kind = 'record_month')
    FROM inserted_events
   GROUP BY org_id, period
   ORDER BY org_id, period
  ON CONFLICT (org_id, period) DO UPDATE
    SET screen_calls = usage_periods.screen_calls + EXCLUDED.screen_calls,
        record_months = usage_periods.record_months + EXCLUDED.record_months;
  RETURN NULL;
END $$;

CREATE TRIGGER usage_events_count AFTER INSERT ON usage_events
  REFERENCING NEW TABLE AS inserted_events
  FOR EACH STATEMENT EXECUTE FUNCTION usage_events_count();

-- Down Migration
DROP TRIGGER usage_events_count ON usage_events;

CREATE OR REPLACE FUNCTION usage_events_count() RETURNS trigger LANGUAGE plpgsql AS $$
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
