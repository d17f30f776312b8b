import { createLogger } from '../../../infra/base/log';
import { createMatcherClient, MatcherUnavailableError, parseMatcherUrls } from '../../../matcher/client';
import { oneEntrySnapshot } from '../../fixtures/oneEntrySnapshot';
import { staticLoader, type ListLoader, type MatcherSnapshot } from '../../../matcher/loader';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import type { Entity } from '../../../matcher/types';

/**
 * MATCHER_URL naming several matcher replicas: real matcher servers on loopback, each over the
 * same in-memory snapshot, with a loader that counts the screenings each one served.
 */
const log = createLogger('matcher-replicas-test', 'warn');
const subject: Entity = { type: 'person', name: 'John Allen Smith' };

function snapshot(): MatcherSnapshot {
  return { ...oneEntrySnapshot('leie', '00000000-0000-4000-8000-000000000001'), registry: () => undefined };
}

interface CountingReplica {
  server: MatcherServer;
  served: () => number;
}

async function startReplica(ready = true): Promise<CountingReplica> {
  const snap = snapshot();
  let served = 0;
  const loader: ListLoader = {
    ...staticLoader(snap),
    current: () => {
      if (!ready) return null;
      served++;
      return snap;
    },
  };
  const server = await startMatcherServer({ port: 0, loader, logger: log });
  // readyz asks the loader too: count screenings only.
  return { server, served: () => served };
}

describe('MATCHER_URL with several replicas', () => {
  let replicas: CountingReplica[] = [];

  afterEach(async () => {
    await Promise.all(replicas.map((r) => r.server.close()));
    replicas = [];
  });

  it('parses a comma-separated list and refuses an empty one', () => {
    expect(parseMatcherUrls(' http://a:1 , http://b:2/ ').map((u) => u.origin)).toEqual(['http://a:1', 'http://b:2']);
    expect(() => parseMatcherUrls(' , ')).toThrow('MATCHER_URL names no matcher');
  });

  it('spreads sequential screenings over the replicas and answers alike from each', async () => {
    replicas = await Promise.all([startReplica(), startReplica()]);
    const client = createMatcherClient(replicas.map((r) => r.server.url).join(','));
    try {
      const before = replicas.map((r) => r.served());
      const results = [];
      for (let i = 0; i < 10; i++) results.push(await client.match(subject, { requestId: `replica-${i}` }));
      expect(replicas.map((r, i) => r.served() - before[i])).toEqual([5, 5]);
      const stripped = results.map(({ checkedAt: _checkedAt, ...rest }) => JSON.stringify(rest));
      expect(new Set(stripped).size).toBe(1);
      expect(results[0].status).toBe('potential_match');
    } finally {
      client.close();
    }
  });

  it('sends a call to the idle replica while the other is busy', async () => {
    replicas = await Promise.all([startReplica(), startReplica()]);
    const client = createMatcherClient(replicas.map((r) => r.server.url).join(','));
    try {
      const before = replicas.map((r) => r.served());
      await Promise.all(Array.from({ length: 8 }, (_, i) => client.match(subject, { requestId: `busy-${i}` })));
      const served = replicas.map((r, i) => r.served() - before[i]);
      expect(served[0] + served[1]).toBe(8);
      expect(Math.min(...served)).toBeGreaterThanOrEqual(3);
    } finally {
      client.close();
    }
  });

  it('skips a replica that is down or still loading, and fails only when none can answer', async () => {
    const loading = await startReplica(false);
    const serving = await startReplica();
    replicas = [loading, serving];
    const deadUrl = 'http://127.0.0.1:9';
    const client = createMatcherClient([deadUrl, loading.server.url, serving.server.url].join(','));
    try {
      for (let i = 0; i < 6; i++) expect((await client.match(subject, { requestId: `skip-${i}` })).status).toBe('potential_match');
      expect(serving.served()).toBe(6);
      expect(await client.ready()).toBe(true);
    } finally {
      client.close();
    }
    const none = createMatcherClient([deadUrl, loading.server.url].join(','));
    try {
      await expect(none.match(subject, { requestId: 'none' })).rejects.toBeInstanceOf(MatcherUnavailableError);
      expect(await none.ready()).toBe(false);
    } finally {
      none.close();
    }
  });
});
