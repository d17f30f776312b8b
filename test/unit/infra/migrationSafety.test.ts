import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, sqlMigrationActions } from '../../../infra/base/db/migrate';
import { lintMigration, type RuleId } from './migrationSafetyRules';

/**
 * Released migrations that break a rule. They have run on deployments, so they stay as they are;
 * each is listed with why it was safe or accepted. Nothing may be added here for a new migration.
 */
const RELEASED_EXCEPTIONS: Record<string, Partial<Record<RuleId, string>>> = {
  '5000_usage_period_shards.sql': {
    'constraint-not-valid':
      'usage_periods then held one row per organization and month (thousands at most): the CHECK and the primary-key swap took milliseconds under their lock; released',
  },
  '6500_monitored_recall_capped.sql': {
    'full-table-update':
      'released when monitoring was new and monitored_records small; accepted: the one UPDATE rewrote every row and held their locks until it committed',
  },
  '6700_batch_job_period.sql': {
    'full-table-update': 'batch_jobs holds one row per submitted batch (thousands at most then): the backfill took milliseconds; released',
    'set-not-null':
      'released and accepted: the column is added, backfilled and constrained at once, so a gateway of the previous release submitting a batch during the rollout failed (its insert carried no period) until it was replaced',
  },
  '7000_monitored_capped_index.sql': {
    'index-not-concurrent':
      'released: a partial index (recall_capped rows only) built while monitored_records was small; writes waited for the build',
  },
  '7200_list_source_monitoring_enabled.sql': {
    'full-table-update': 'list_sources holds one row per list source (tens): the update is instant',
  },
  '7300_monitoring_rules.sql': {
    'index-not-concurrent': 'released: writes to monitored_records waited for the partial index build; accepted at the time',
  },
  '7700_webhook_isolation.sql': {
    'index-not-concurrent': 'released: two partial indexes on webhook_deliveries, writes waited for the builds; accepted at the time',
  },
};

const files = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('migration safety under a rolling deploy', () => {
  it.each(files)('%s breaks no rule beyond its released exceptions', (file) => {
    const found = lintMigration(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
    const allowed = RELEASED_EXCEPTIONS[file] ?? {};
    const fresh = found.filter((v) => !(v.rule in allowed)).map((v) => `${v.rule}: ${v.message}\n    ${v.statement}`);
    expect(fresh).toEqual([]);
  });

  it('lists no exception that no longer matches (the list only shrinks)', () => {
    const stale: string[] = [];
    for (const [file, rules] of Object.entries(RELEASED_EXCEPTIONS)) {
      const found = files.includes(file)
        ? new Set(lintMigration(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).map((v) => v.rule))
        : new Set();
      for (const rule of Object.keys(rules)) if (!found.has(rule)) stale.push(`${file} ${rule}`);
    }
    expect(stale).toEqual([]);
  });

  const rulesOf = (sql: string) => lintMigration(`-- Up Migration\n${sql}\n-- Down Migration\nSELECT 1;\n`).map((v) => v.rule);

  it('fires on a deliberately bad migration, one rule at a time', () => {
    expect(rulesOf('CREATE INDEX monitored_records_org ON monitored_records (org_id);')).toEqual(['index-not-concurrent']);
    expect(rulesOf('CREATE UNIQUE INDEX list_entries_x ON public.list_entries (version_id, entry_key);')).toEqual(['index-not-concurrent']);
    expect(rulesOf('CREATE INDEX CONCURRENTLY IF NOT EXISTS batch_items_x ON batch_items (job_id);')).toEqual([
      'concurrently-needs-no-transaction',
    ]);
    expect(rulesOf('ALTER TABLE webhook_deliveries ADD COLUMN tenant text NOT NULL;')).toEqual(['not-null-column']);
    expect(rulesOf('ALTER TABLE organizations ADD COLUMN region text NOT NULL;')).toEqual(['not-null-column']);
    expect(rulesOf('ALTER TABLE usage_events ADD COLUMN stamped timestamptz NOT NULL DEFAULT now();')).toEqual([
      'not-null-column',
      'not-null-column',
    ]);
    expect(rulesOf('UPDATE monitored_records SET rules_version = 2 WHERE rules_version IS NULL;')).toEqual(['full-table-update']);
    expect(rulesOf("UPDATE organizations SET plan = 'small';")).toEqual(['full-table-update']);
    expect(rulesOf('DO $$ BEGIN UPDATE batch_items SET outcome = NULL; END $$;')).toEqual(['full-table-update']);
    expect(
      rulesOf(
        "ALTER TABLE organizations ADD COLUMN region text;\nUPDATE organizations SET region = 'us' WHERE region IS NULL;\nALTER TABLE organizations ALTER COLUMN region SET NOT NULL;",
      ),
    ).toEqual(['set-not-null']);
    expect(rulesOf('ALTER TABLE monitored_records ALTER COLUMN rules_version SET NOT NULL;')).toEqual(['set-not-null']);
    expect(rulesOf('ALTER TABLE batch_items ADD CONSTRAINT batch_items_job_fk FOREIGN KEY (job_id) REFERENCES batch_jobs (id);')).toEqual([
      'constraint-not-valid',
    ]);
    expect(rulesOf('ALTER TABLE list_entries ALTER COLUMN name TYPE varchar(400);')).toEqual(['column-type-change']);
    expect(
      lintMigration(
        '-- migrate:no-transaction\n-- Up Migration\nCREATE INDEX CONCURRENTLY x ON batch_items (job_id);\nALTER TABLE batch_items ADD COLUMN y int;\n',
      ).map((v) => v.rule),
    ).toEqual(['no-transaction-statement', 'no-transaction-statement']);
  });

  it('passes the safe forms: a concurrent build outside a transaction, nullable-backfill-constrain, new tables, function bodies', () => {
    expect(
      lintMigration(
        '-- migrate:no-transaction\n-- Up Migration\nCREATE INDEX CONCURRENTLY IF NOT EXISTS batch_items_x ON batch_items (job_id);\n-- Down Migration\nDROP INDEX CONCURRENTLY IF EXISTS batch_items_x;\n',
      ),
    ).toEqual([]);
    // Step 1 (release N): nullable, with a constraint that new rows keep and old ones are not checked against.
    expect(
      rulesOf(
        'ALTER TABLE webhook_deliveries ADD COLUMN tenant text;\nALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_tenant_nn CHECK (tenant IS NOT NULL) NOT VALID;',
      ),
    ).toEqual([]);
    // Step 2 (the application backfills in batches), step 3 (release N+1): validate, then constrain.
    expect(
      rulesOf(
        'ALTER TABLE webhook_deliveries VALIDATE CONSTRAINT webhook_deliveries_tenant_nn;\nALTER TABLE webhook_deliveries ALTER COLUMN tenant SET NOT NULL;\nALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_tenant_nn;',
      ),
    ).toEqual([]);
    expect(
      rulesOf(
        "ALTER TABLE monitored_records ADD COLUMN flag boolean NOT NULL DEFAULT false, ADD COLUMN n integer NOT NULL DEFAULT 0, ADD COLUMN s text NOT NULL DEFAULT 'x';",
      ),
    ).toEqual([]);
    expect(
      rulesOf('CREATE TABLE big_new (id int NOT NULL);\nCREATE INDEX big_new_id ON big_new (id);\nUPDATE big_new SET id = 1;'),
    ).toEqual([]);
    expect(
      rulesOf(
        "CREATE INDEX list_sources_x ON list_sources (key);\nUPDATE list_versions SET state = 'superseded' WHERE id = '00000000-0000-0000-0000-000000000000';",
      ),
    ).toEqual([]);
    expect(
      rulesOf(
        'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE usage_periods SET screen_calls = 0; RETURN NULL; END $$;',
      ),
    ).toEqual([]);
  });
});

describe('the runner applies a migration marked no-transaction outside a transaction', () => {
  const record = (sql: string | false) => {
    const calls: string[] = [];
    const pgm = { sql: (s: string) => calls.push(`sql ${s}`), noTransaction: () => calls.push('noTransaction') };
    if (sql !== false) (sqlMigrationActions(sql).up as (p: typeof pgm) => void)(pgm);
    return calls;
  };

  it('runs a marked file statement by statement, with noTransaction, the down section likewise', () => {
    const text =
      '-- migrate:no-transaction\n-- Up Migration\n-- two indexes\nCREATE INDEX CONCURRENTLY IF NOT EXISTS a ON batch_items (job_id);\nCREATE INDEX CONCURRENTLY IF NOT EXISTS b ON batch_items (idx); -- the second\n\n-- Down Migration\nDROP INDEX CONCURRENTLY IF EXISTS b;\nDROP INDEX CONCURRENTLY IF EXISTS a;\n';
    expect(record(text)).toEqual([
      'noTransaction',
      'sql CREATE INDEX CONCURRENTLY IF NOT EXISTS a ON batch_items (job_id)',
      'sql CREATE INDEX CONCURRENTLY IF NOT EXISTS b ON batch_items (idx)',
    ]);
    const down: string[] = [];
    const { down: downAction } = sqlMigrationActions(text);
    expect(downAction).not.toBe(false);
    (downAction as (p: object) => void)({ sql: (s: string) => down.push(s), noTransaction: () => down.push('noTransaction') });
    expect(down).toEqual(['noTransaction', 'DROP INDEX CONCURRENTLY IF EXISTS b', 'DROP INDEX CONCURRENTLY IF EXISTS a']);
  });

  it('keeps an unmarked file one query in one transaction, as before', () => {
    const text = '-- Up Migration\nCREATE TABLE t (id int);\nCREATE INDEX t_id ON t (id);\n-- Down Migration\nDROP TABLE t;\n';
    expect(record(text)).toEqual(['sql -- Up Migration\nCREATE TABLE t (id int);\nCREATE INDEX t_id ON t (id);\n']);
    expect(sqlMigrationActions('CREATE TABLE t (id int);\n').down).toBe(false);
  });

  it('refuses a $$ body in a marked file', () => {
    expect(() => sqlMigrationActions('-- migrate:no-transaction\n-- Up Migration\nDO $$ BEGIN NULL; END $$;\n')).toThrow(/\$\$/);
  });
});
