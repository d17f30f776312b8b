import { createLogger } from '../../../infra/base/log';
import { createMatcherClient, type MatcherClient } from '../../../matcher/client';
import { oneEntrySnapshot } from '../../fixtures/oneEntrySnapshot';
import { staticLoader, type ListLoader, type MatcherSnapshot } from '../../../matcher/loader';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import { untilMatcherServes } from '../../../activities/monitoring/matcherWait';
import { screeningsInFlight } from '../../../activities/monitoring/screeningPipeline';

/**
 * A re-screen spreads its screenings over every matcher replica, so it waits until every replica
 * serves the new version: real matcher servers on loopback, two of them, one still on the
 * previous version of the list.
 */
const log = createLogger('replica-wait-test', 'warn');
const OLD = '00000000-0000-4000-8000-000000000001';
const NEW = '00000000-0000-4000-8000-000000000002';

function snapshotOn(versionId: string): MatcherSnapshot {
  return oneEntrySnapshot('oig_leie', versionId);
}

/** A replica whose snapshot the test swaps, as a reload would. */
async function startReplica(versionId: string): Promise<{ server: MatcherServer; reload(versionId: string): void }> {
  let snap = snapshotOn(versionId);
  const loader: ListLoader = { ...staticLoader(snap), current: () => snap };
  const server = await startMatcherServer({ port: 0, loader, logger: log });
  return { server, reload: (v) => (snap = snapshotOn(v)) };
}

const servesNew = (versions: Array<{ source: string; listVersionId: string }>) =>
  versions.some((v) => v.source === 'oig_leie' && v.listVersionId === NEW);

describe('waiting for every matcher replica to serve a version', () => {
  let reloaded: Awaited<ReturnType<typeof startReplica>>;
  let behind: Awaited<ReturnType<typeof startReplica>>;
  let matcher: MatcherClient;

  beforeAll(async () => {
    reloaded = await startReplica(NEW);
    behind = await startReplica(OLD);
    matcher = createMatcherClient(`${reloaded.server.url},${behind.server.url}`);
  });
  afterAll(async () => {
    matcher.close();
    await reloaded.server.close();
    await behind.server.close();
  });

  it('keeps waiting while one replica still serves the previous version, however many polls the other answers', async () => {
    await expect(
      untilMatcherServes(matcher, servesNew, { timeoutMs: 1500, pollMs: 50 }, { requestId: 't', waitingFor: 'the new version' }),
    ).rejects.toThrow('does not serve the new version yet');
  });

  it('is served once every replica serves the version', async () => {
    setTimeout(() => behind.reload(NEW), 300);
    const versions = await untilMatcherServes(
      matcher,
      servesNew,
      { timeoutMs: 10_000, pollMs: 50 },
      { requestId: 't', waitingFor: 'the new version' },
    );
    expect(servesNew(versions)).toBe(true);
  });

  it('keeps a screening in flight on each replica and one more being stored', () => {
    expect(screeningsInFlight(matcher)).toBe(3);
    const one = createMatcherClient(reloaded.server.url);
    expect(screeningsInFlight(one)).toBe(2);
    one.close();
  });
});
