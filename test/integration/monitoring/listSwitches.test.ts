import type { ScreeningResult } from '../../../matcher/types';
import { call, createOrgWithKey, type InProcessGateway } from '../gateway/support/stack';
import type { TestWorker } from '../support/worker';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';
import type { LeiePerson } from '../support/lists';

/**
 * A list switched off (LIST_SOURCES_DISABLED, in the worker's configuration `stack.env`) takes all its matches away from the monitored
 * records, and one switched back on brings them back: a change of a whole list, which no
 * version's diff describes. The next ingestion run (of any list) screens every record again
 * against the lists as they now are.
 */
let stack: LeieMonitoringStack;
let gw: InProcessGateway;
let worker: TestWorker;
let artifact: string;

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker, artifact } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function storedResult(id: string): Promise<ScreeningResult> {
  const { rows } = await gw.pool.query<{ result: ScreeningResult }>('SELECT result FROM monitored_records WHERE id = $1', [id]);
  return rows[0].result;
}

describe('lists switched on or off', () => {
  it('screens every monitored record again against the lists as they now are, on the next ingestion run', async () => {
    const people: LeiePerson[] = Array.from({ length: 150 }, (_, i) => ({
      last: `LISTED${String.fromCharCode(65 + (i % 26))}${i}`,
      first: 'PAT',
      dob: '19600101',
    }));
    const listed: LeiePerson = { last: 'FAIRWEATHER', first: 'QUINTUS', dob: '19610203' };
    writeLeieArtifact(artifact, [...people, listed]);
    const first = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(first).toMatchObject({ outcome: 'published' });
    expect(first).not.toHaveProperty('listSwitches');
    await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);

    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const matching = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Quintus Fairweather', dateOfBirth: '1961-02-03' },
    });
    const clear = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name: 'Octavia Brightwater' } });
    expect([matching.body.status, clear.body.status]).toEqual(['potential_match', 'clear']);

    // Switched off: the artifact is unchanged, the run still applies the switch.
    stack.env.LIST_SOURCES_DISABLED = 'oig_leie';
    const off = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(off).toMatchObject({
      outcome: 'unchanged',
      listSwitches: { switched: [{ sourceKey: 'oig_leie', enabled: false }], recordsRescreened: 2, statusChanges: 1 },
    });
    const offResult = await storedResult(matching.body.id);
    expect(offResult.status).toBe('clear');
    expect(offResult.sources.map((s) => s.source)).not.toContain('oig_leie');

    // Switched back on: the match comes back, citing the list's current version.
    delete stack.env.LIST_SOURCES_DISABLED;
    const on = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(on).toMatchObject({
      outcome: 'unchanged',
      listSwitches: { switched: [{ sourceKey: 'oig_leie', enabled: true }], recordsRescreened: 2, statusChanges: 1 },
    });
    const onResult = await storedResult(matching.body.id);
    expect(onResult.status).toBe('potential_match');
    expect(onResult.matches[0].provenance.listVersionId).toBe(first.versionId);
    expect((await storedResult(clear.body.id)).status).toBe('clear');

    // Nothing switched since: nothing screened again.
    const again = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(again).toMatchObject({ outcome: 'unchanged' });
    expect(again).not.toHaveProperty('listSwitches');
  });
});
