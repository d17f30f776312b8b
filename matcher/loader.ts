import type { Pool, PoolClient } from 'pg';
import type { Logger } from '../infra/base/log';
import { buildMatcherIndex, type IndexedEntry, type MatcherIndex, type IndexedRegistryOrganization } from './engine';
import { warmUp } from './warmUp';
import { RegistryStore } from './registry';
import { LIST_PUBLISHED_CHANNEL } from '../infra/base/db/channels';
import { listedPartyColumns, listedPartyFromRow, type ListedPartyRow } from './listedPartyRow';
import type { SourceRef } from './types';

/**
 * Keeps the matcher's index in step with the published versions: a load reads them in one
 * REPEATABLE READ snapshot (lists and version ids agree), builds a new index aside and swaps it in
 * with one assignment. NOTIFY `list_published` asks for a reload; bursts coalesce into one. Versions
 * are immutable, so a reload reads only new ones and shares the unchanged entries (and the 2M-row
 * NPPES registry) with the old index instead of holding them twice.
 */
const FETCH_ROWS = 20_000;
const COALESCE_MS = 250;
const RELISTEN_MS = 2_000;

export interface MatcherSnapshot {
  index: MatcherIndex;
  /** Every version in use: exclusion lists and the registry, sorted by source key. */
  versions: SourceRef[];
  registry?: (npi: string) => IndexedRegistryOrganization | undefined;
  /** The registry behind `registry`, with its version: what the next load reuses when the version is unchanged. */
  registryStore?: { versionId: string; store: RegistryStore };
  loadedAt: string;
  /** warmUpMs: the screenings run over the process's first index with entries before it served (warmUp.ts); 0 on a reload. */
  stats: { entries: number; registryOrganizations: number; buildMs: number; loadMs: number; warmUpMs: number };
}

export interface ListLoader {
  current(): MatcherSnapshot | null;
  start(): Promise<void>;
  /** Loads now (or after the running load) and resolves once that load finished. */
  reload(): Promise<void>;
  /** Resolves after the next completed load. */
  nextLoad(): Promise<MatcherSnapshot>;
  close(): Promise<void>;
}

interface SourceRow {
  key: string;
  name: string;
  kind: string;
  version_id: string;
  retrieved_at: Date;
}

/** The entries of `previous` by list version, for the versions of `lists` it holds under the same source name. */
function reusableEntries(previous: MatcherSnapshot | null, lists: SourceRow[]): Map<string, IndexedEntry[]> {
  const reusable = new Map<string, IndexedEntry[]>();
  if (!previous) return reusable;
  const wanted = new Map(lists.map((s) => [s.version_id, s]));
  const held = new Set(previous.index.sources.map((s) => s.listVersionId));
  for (const s of lists) if (held.has(s.version_id)) reusable.set(s.version_id, []);
  for (const entry of previous.index.entries) {
    const source = wanted.get(entry.listVersionId);
    if (!source || !reusable.has(entry.listVersionId)) continue;
    if (entry.sourceName !== source.name) reusable.delete(entry.listVersionId);
    else reusable.get(entry.listVersionId)?.push(entry);
  }
  return reusable;
}

async function loadSnapshot(pool: Pool, candidateLimit: number | undefined, previous: MatcherSnapshot | null): Promise<MatcherSnapshot> {
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: sources } = await client.query<SourceRow>(
      `SELECT s.key, s.name, s.kind, v.id AS version_id, v.retrieved_at
         FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id
        WHERE s.enabled ORDER BY s.key`,
    );
    const lists = sources.filter((s) => s.kind !== 'registry');
    const registrySource = sources.find((s) => s.kind === 'registry');
    const byVersion = new Map(lists.map((s) => [s.version_id, s]));
    const reusable = reusableEntries(previous, lists);
    const entries: IndexedEntry[] = [...reusable.values()].flat();
    const toRead = lists.filter((s) => !reusable.has(s.version_id));
    if (toRead.length > 0) {
      await client.query(
        `DECLARE matcher_entries NO SCROLL CURSOR FOR
           SELECT version_id, ${listedPartyColumns('')} FROM list_entries WHERE version_id = ANY($1::uuid[])`,
        [toRead.map((s) => s.version_id)],
      );
      for (;;) {
        const { rows } = await client.query<ListedPartyRow & { version_id: string }>(`FETCH ${FETCH_ROWS} FROM matcher_entries`);
        for (const r of rows) {
          const src = byVersion.get(r.version_id) as SourceRow;
          entries.push({
            sourceKey: src.key,
            sourceName: src.name,
            listVersionId: src.version_id,
            retrievedAt: src.retrieved_at.toISOString(),
            ...listedPartyFromRow(r),
          });
        }
        if (rows.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE matcher_entries');
    }
    let registryStore: MatcherSnapshot['registryStore'];
    if (registrySource) {
      const held = previous?.registryStore;
      const store = held?.versionId === registrySource.version_id ? held.store : await loadRegistry(client, registrySource.version_id);
      registryStore = { versionId: registrySource.version_id, store };
    }
    const store = registryStore?.store;
    await client.query('COMMIT');
    const loadMs = Date.now() - started;
    const toRef = (s: SourceRow): SourceRef => ({ source: s.key, listVersionId: s.version_id, retrievedAt: s.retrieved_at.toISOString() });
    const buildStart = Date.now();
    const index = buildMatcherIndex(entries, {
      candidateLimit,
      previous: previous?.index,
      sources: lists.map(toRef),
      registrySource: registrySource ? toRef(registrySource) : undefined,
    });
    const buildMs = Date.now() - buildStart;
    const registry = store ? (npi: string) => store.get(npi) : undefined;
    // A reload runs in a process that has been screening: its code is already compiled for every
    // path. A process started before any list was published has not, whatever it loaded then.
    const warmUpMs = previous && previous.index.entries.length > 0 ? 0 : warmUp(index, registry).ms;
    return {
      index,
      versions: sources.map(toRef),
      registry,
      registryStore,
      loadedAt: new Date().toISOString(),
      stats: { entries: entries.length, registryOrganizations: store?.size ?? 0, buildMs, loadMs, warmUpMs },
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function loadRegistry(client: PoolClient, versionId: string): Promise<RegistryStore> {
  const store = new RegistryStore();
  await client.query(
    `DECLARE matcher_registry NO SCROLL CURSOR FOR
       SELECT npi, legal_name, other_names, state FROM registry_organizations WHERE version_id = $1 ORDER BY npi`,
    [versionId],
  );
  for (;;) {
    const { rows } = await client.query(`FETCH ${FETCH_ROWS * 2} FROM matcher_registry`);
    for (const r of rows)
      store.add({ npi: r.npi, legalName: r.legal_name, otherNames: r.other_names ?? [], state: r.state ? String(r.state).trim() : null });
    if (rows.length < FETCH_ROWS * 2) break;
  }
  await client.query('CLOSE matcher_registry');
  store.seal();
  return store;
}

/**
 * Runs `load` one at a time: a request while one runs is answered by a single load after it, so
 * a burst of publications costs one extra load. Until a first load succeeds it keeps retrying.
 */
function coalescedLoads(load: () => Promise<void>, opts: { log: Logger; loaded: () => boolean; closed: () => boolean }) {
  let running: Promise<void> | null = null;
  let pending = false;
  let pendingWaiters: (() => void)[] = [];

  async function loadUntilSettled(): Promise<void> {
    do {
      pending = false;
      const done = pendingWaiters;
      pendingWaiters = [];
      try {
        await load();
      } catch (err) {
        opts.log.error({ err }, 'list load failed; keeping the previous index');
        if (!opts.loaded() && !opts.closed()) {
          // Without any index the matcher cannot serve: keep trying.
          pending = true;
          await new Promise((r) => setTimeout(r, RELISTEN_MS));
        }
      }
      for (const f of done) f();
    } while (pending && !opts.closed());
    running = null;
  }

  return {
    run(): Promise<void> {
      if (running) {
        pending = true;
        return new Promise((resolve) => pendingWaiters.push(resolve));
      }
      running = loadUntilSettled();
      return running;
    },
    settled: (): Promise<void> => (running ? running.catch(() => undefined) : Promise.resolve()),
  };
}

/** Calls `onPublished` on every NOTIFY of `list_published`, reconnecting when the connection is lost. */
function publicationListener(pool: Pool, log: Logger, onPublished: () => void) {
  let listener: PoolClient | null = null;
  let closed = false;

  async function listen(): Promise<void> {
    if (closed) return;
    try {
      const client = await pool.connect();
      listener = client;
      client.on('notification', (msg) => {
        if (msg.channel !== LIST_PUBLISHED_CHANNEL) return;
        log.info({ payload: msg.payload }, 'list published; reload scheduled');
        onPublished();
      });
      client.on('error', (err) => {
        // Once close() has taken the listener it releases it itself: releasing twice throws.
        if (listener !== client) return;
        listener = null;
        log.warn({ err }, 'LISTEN connection lost; reconnecting');
        client.release(true);
        if (!closed) setTimeout(() => void listen().then(onPublished), RELISTEN_MS);
      });
      await client.query(`LISTEN ${LIST_PUBLISHED_CHANNEL}`);
    } catch (err) {
      log.warn({ err }, 'could not LISTEN; retrying');
      if (!closed) setTimeout(() => void listen().then(onPublished), RELISTEN_MS);
    }
  }

  return {
    listen,
    async close(): Promise<void> {
      closed = true;
      if (!listener) return;
      const l = listener;
      listener = null;
      await l.query(`UNLISTEN ${LIST_PUBLISHED_CHANNEL}`).catch(() => undefined);
      l.release();
    },
  };
}

export function createListLoader(opts: { pool: Pool; log: Logger; candidateLimit?: number }): ListLoader {
  const { pool, log } = opts;
  let snapshot: MatcherSnapshot | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let waiters: ((s: MatcherSnapshot) => void)[] = [];

  async function loadAndSwap(): Promise<void> {
    const snap = await loadSnapshot(pool, opts.candidateLimit, snapshot);
    if (closed) return;
    snapshot = snap;
    log.info({ versions: snap.versions, ...snap.stats }, 'lists loaded; index swapped');
    const w = waiters;
    waiters = [];
    for (const f of w) f(snap);
  }

  const loads = coalescedLoads(loadAndSwap, { log, loaded: () => snapshot !== null, closed: () => closed });

  function scheduleReload(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void loads.run();
    }, COALESCE_MS);
  }

  const publications = publicationListener(pool, log, scheduleReload);

  return {
    current: () => snapshot,
    async start() {
      // Listen first so a publication during the initial load is not lost.
      await publications.listen();
      await loads.run();
    },
    reload: () => loads.run(),
    nextLoad: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await publications.close();
      await loads.settled();
    },
  };
}

/** A loader over a fixed snapshot (benchmarks, tests of the HTTP layer): no database, no reloads. */
export function staticLoader(snapshot: MatcherSnapshot): ListLoader {
  return {
    current: () => snapshot,
    start: async () => undefined,
    reload: async () => undefined,
    nextLoad: () => Promise.resolve(snapshot),
    close: async () => undefined,
  };
}
