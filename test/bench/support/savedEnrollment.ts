import { Client } from 'pg';
import { serverUrl } from '../../harness/stack';

/**
 * An enrolled bench database kept between runs (`--save-enrolled NAME`, `--from-enrolled NAME`):
 * a million records take the better part of an hour to enroll, a fan-out a minute or two. The
 * copy is a PostgreSQL database `bench_monitor_NAME` on the test server, made with CREATE
 * DATABASE … TEMPLATE once the run's own connections are closed; what it was enrolled with is
 * its comment, so that a run from it with other settings is refused rather than measured wrong.
 */
export interface EnrolledWith {
  records: number;
  seed: number;
  lists: string | null;
  listsSkipped: string[];
  listed: number;
}

export function savedDatabaseName(name: string): string {
  if (!/^[a-z0-9_]{1,40}$/.test(name)) throw new Error(`an enrolled database's name is lower-case letters, digits and _, got "${name}"`);
  return `bench_monitor_${name}`;
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseOf = (url: string) => new URL(url).pathname.slice(1);

/** Copies the run's database as `name` (replacing an earlier copy of that name), what it was enrolled with as its comment. */
export async function saveEnrolledDatabase(databaseUrl: string, name: string, enrolledWith: EnrolledWith): Promise<void> {
  const saved = savedDatabaseName(name);
  const source = databaseOf(databaseUrl);
  await onServer(async (client) => {
    // The matcher processes are told to stop a moment before: their sessions may not have ended yet.
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [source]);
    await client.query(`DROP DATABASE IF EXISTS "${saved}"`);
    await client.query(`CREATE DATABASE "${saved}" TEMPLATE "${source}"`);
    await client.query(`COMMENT ON DATABASE "${saved}" IS ${client.escapeLiteral(JSON.stringify(enrolledWith))}`);
  });
}

/** Replaces the run's fresh database by a copy of the saved one; what that was enrolled with. */
export async function restoreEnrolledDatabase(databaseUrl: string, name: string): Promise<EnrolledWith> {
  const saved = savedDatabaseName(name);
  const target = databaseOf(databaseUrl);
  return onServer(async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      'SELECT shobj_description(oid, $2) AS comment FROM pg_database WHERE datname = $1',
      [saved, 'pg_database'],
    );
    if (rows.length === 0) throw new Error(`no enrolled database ${saved}: make one with --save-enrolled ${name}`);
    await client.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${target}" TEMPLATE "${saved}"`);
    return JSON.parse(rows[0].comment ?? 'null') as EnrolledWith;
  });
}
