/**
 * The rules a migration must keep to be safe under a rolling deploy (docs/operations.md "Migrations"): while
 * it runs, the previous release keeps serving from the same tables, so no statement may hold a
 * long lock on a large table, and the schema it leaves must still suit the previous release.
 *
 * Read from each file's Up section, statement by statement (strings, comments and `$$` bodies
 * understood, so a function body's UPDATE is not taken for one the migration runs; a `DO` block's
 * statements are read as the migration's own).
 */

/**
 * Tables that grow with traffic or with the lists, where a lock held for a scan or an index build
 * stalls screenings, ingestion, monitoring, batches, deliveries or metering. Small tables (one row
 * per organization, key, source, list version, endpoint or rule) are left out.
 */
export const LARGE_TABLES: readonly string[] = [
  'list_entries', // every entry of every list version (hundreds of thousands per version)
  'registry_organizations', // the NPPES registry: millions of rows per version
  'list_version_diffs', // per-version changes
  'monitored_records', // one per monitored subject, every organization
  'monitored_record_headroom', // one per monitored record (migration 8150)
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'batch_jobs',
  'batch_items', // up to 2,000 per batch
  'usage_events', // the append-only usage ledger: one row per metered event
  'usage_periods', // the meter's period totals, written by every metered screening
  'screen_responses', // one per screening (idempotency)
  'screen_claims',
];

export type RuleId =
  | 'index-not-concurrent'
  | 'concurrently-needs-no-transaction'
  | 'no-transaction-statement'
  | 'not-null-column'
  | 'set-not-null'
  | 'constraint-not-valid'
  | 'column-type-change'
  | 'full-table-update';

export interface Violation {
  rule: RuleId;
  statement: string;
  message: string;
}

const NO_TRANSACTION = /^\s*--\s*migrate:no-transaction\s*$/m;

/** The Up section, as node-pg-migrate and the runner (infra/base/db/migrate.ts) read it. */
export function upSection(content: string): string {
  const marker = (d: string) => new RegExp(`^\\s*--[\\s-]*${d}\\s+migration`, 'im');
  const start = content.search(marker('up'));
  const down = content.search(marker('down'));
  if (start < 0) return content;
  return content.slice(start, down > start ? down : undefined);
}

/** Top-level statements, comments dropped; quoted strings and dollar-quoted bodies kept whole. */
export function statements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      continue;
    }
    if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end < 0 ? sql.length : end + dollar[0].length;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (sql[i] === "'") {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      current += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (sql[i] === ';') {
      if (current.trim()) out.push(current.trim().replace(/\s+/g, ' '));
      current = '';
      i += 1;
      continue;
    }
    current += sql[i];
    i += 1;
  }
  if (current.trim()) out.push(current.trim().replace(/\s+/g, ' '));
  return out;
}

function key(table: string): string {
  return table
    .replace(/^public\./i, '')
    .replace(/"/g, '')
    .toLowerCase();
}

function isLarge(table: string): boolean {
  return LARGE_TABLES.includes(key(table));
}

const IDENT = '((?:public\\.)?"?[A-Za-z_][A-Za-z0-9_]*"?)';
/** A constant default: a number, a string (optionally cast), a boolean or NULL; a volatile one (now(), gen_random_uuid()) rewrites or scans. */
const CONSTANT_DEFAULT = /\bDEFAULT\s+(?:-?\d+(?:\.\d+)?|'(?:[^']|'')*'(?:::[A-Za-z_][A-Za-z0-9_ ]*(?:\[\])?)?|true|false|NULL)(?=\s|,|$)/i;

/** The violations of one migration file's text (name for messages only). */
export function lintMigration(content: string): Violation[] {
  const noTransaction = NO_TRANSACTION.test(content);
  const stmts = statements(upSection(content));
  const created = new Set<string>();
  for (const s of stmts) {
    const m = new RegExp(`^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?${IDENT}`, 'i').exec(s);
    if (m) created.add(key(m[1]));
  }
  const existing = (table: string) => !created.has(key(table));
  const existingLarge = (table: string) => isLarge(table) && existing(table);

  const added = new Set<string>();
  const validated = new Set<string>();
  const violations: Violation[] = [];
  const flag = (rule: RuleId, statement: string, message: string) => violations.push({ rule, statement, message });

  const check = (s: string) => {
    const doBlock = /^DO\s+(\$[A-Za-z_]*\$)([\s\S]*)\1/i.exec(s);
    if (doBlock) {
      const body = doBlock[2].replace(/^\s*(?:DECLARE[\s\S]*?)?BEGIN\b/i, '').replace(/\bEND\s*;?\s*$/i, '');
      for (const inner of statements(body)) check(inner);
      return;
    }

    if (/\bCONCURRENTLY\b/i.test(s) && !noTransaction) {
      flag(
        'concurrently-needs-no-transaction',
        s,
        'CONCURRENTLY cannot run in a transaction: put it in a migration marked `-- migrate:no-transaction`',
      );
    }
    if (noTransaction) {
      const allowed =
        /^(?:CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS|DROP INDEX CONCURRENTLY IF EXISTS|REINDEX INDEX CONCURRENTLY|ALTER TABLE \S+ VALIDATE CONSTRAINT)\b/i;
      if (!allowed.test(s)) {
        flag(
          'no-transaction-statement',
          s,
          'a no-transaction migration holds only re-runnable CREATE INDEX CONCURRENTLY IF NOT EXISTS / DROP INDEX CONCURRENTLY IF EXISTS / VALIDATE CONSTRAINT statements',
        );
      }
    }

    const index = new RegExp(`^CREATE (?:UNIQUE )?INDEX (CONCURRENTLY )?(?:IF NOT EXISTS )?(?:\\S+ )?ON (?:ONLY )?${IDENT}`, 'i').exec(s);
    if (index && !index[1] && existingLarge(index[2])) {
      flag(
        'index-not-concurrent',
        s,
        `an index on the large table ${index[2]} is built with CREATE INDEX CONCURRENTLY, in a no-transaction migration`,
      );
    }

    const update = new RegExp(`^(?:WITH [\\s\\S]*?\\) )?UPDATE (?:ONLY )?${IDENT}`, 'i').exec(s);
    if (update) {
      const whole = !/\bWHERE\b/i.test(s.replace(/\([^()]*\)/g, '()'));
      if (existingLarge(update[1]) || (whole && existing(update[1]))) {
        flag(
          'full-table-update',
          s,
          `no backfill of ${update[1]} in one statement: batch it (a later step the application runs), or read the null as the old state`,
        );
      }
    }

    const alter = new RegExp(`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${IDENT} ([\\s\\S]*)$`, 'i').exec(s);
    if (alter) {
      const [, table, actions] = alter;
      if (!existing(table)) return;
      // Split the action list at top-level commas.
      const parts: string[] = [];
      let depth = 0;
      let part = '';
      for (const ch of actions) {
        if (ch === '(') depth += 1;
        if (ch === ')') depth -= 1;
        if (ch === ',' && depth === 0) {
          parts.push(part.trim());
          part = '';
        } else part += ch;
      }
      if (part.trim()) parts.push(part.trim());
      for (const action of parts) {
        const addColumn =
          /^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b|EXCLUDE\b)"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(
            action,
          );
        if (/^VALIDATE CONSTRAINT\b/i.test(action)) validated.add(key(table));
        if (addColumn) {
          added.add(`${key(table)}.${addColumn[1].toLowerCase()}`);
          if (/\bNOT NULL\b/i.test(action) && !CONSTANT_DEFAULT.test(action)) {
            flag(
              'not-null-column',
              s,
              `add ${action.split(/\s+/).slice(1, 3).join(' ')} nullable, backfill it, then constrain it in a later migration (a constant DEFAULT is the one exception)`,
            );
          }
          if (/\bDEFAULT\b/i.test(action) && !CONSTANT_DEFAULT.test(action) && isLarge(table)) {
            flag('not-null-column', s, `a volatile DEFAULT rewrites ${table}: add the column without it`);
          }
          if (isLarge(table) && /\b(?:CHECK|REFERENCES|UNIQUE|PRIMARY KEY)\b/i.test(action)) {
            flag(
              'constraint-not-valid',
              s,
              `a constraint on a new column of ${table} is checked against every row under an exclusive lock: add it NOT VALID and validate it later`,
            );
          }
        }
        const setNotNull = /^ALTER (?:COLUMN )?"?([A-Za-z_][A-Za-z0-9_]*)"? SET NOT NULL/i.exec(action);
        if (setNotNull && added.has(`${key(table)}.${setNotNull[1].toLowerCase()}`)) {
          flag(
            'set-not-null',
            s,
            `${table}.${setNotNull[1]} is added, backfilled and constrained in one migration: constrain it in a later one, once the release writing it runs everywhere`,
          );
        } else if (setNotNull && isLarge(table) && !validated.has(key(table))) {
          flag(
            'set-not-null',
            s,
            `SET NOT NULL scans ${table} under an exclusive lock: add CHECK (${setNotNull[1]} IS NOT NULL) NOT VALID first, then VALIDATE CONSTRAINT it before SET NOT NULL`,
          );
        }
        if (/^ALTER (?:COLUMN )?\S+ (?:SET DATA )?TYPE\b/i.test(action) && isLarge(table)) {
          flag('column-type-change', s, `changing a column's type rewrites ${table}: add a new column and move to it`);
        }
        if (/^ADD (?:CONSTRAINT \S+ )?(?:CHECK|FOREIGN KEY)\b/i.test(action) && !/\bNOT VALID\b/i.test(action) && isLarge(table)) {
          flag('constraint-not-valid', s, `add the constraint on ${table} NOT VALID, and VALIDATE CONSTRAINT in a later migration`);
        }
        if (/^ADD (?:CONSTRAINT \S+ )?(?:PRIMARY KEY|UNIQUE)\b/i.test(action) && !/\bUSING INDEX\b/i.test(action) && isLarge(table)) {
          flag('constraint-not-valid', s, `build the unique index on ${table} CONCURRENTLY first, then ADD CONSTRAINT … USING INDEX`);
        }
      }
    }
  };
  for (const s of stmts) check(s);
  return violations;
}
