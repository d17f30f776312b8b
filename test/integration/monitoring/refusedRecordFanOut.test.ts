import type { ScreeningResult } from '../../../matcher/types';
import { call, createOrgWithKey } from '../gateway/support/stack';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';

/**
 * A list version's fan-out (workflow `list-version/{source}/{version}`) completes although one
 * organization's record among those it reaches is refused by the matcher: that record is
 * skipped, the others are screened again and their status changes recorded, and the version is
 * marked fanned out. Before, the re-screen activity failed on every attempt and the version was
 * never fanned out.
 */
const LISTED: LeiePerson = { last: 'FAIRWEATHER', first: 'QUINTUS', dob: '19610203' };
const NEWLY_LISTED: LeiePerson = { last: 'BRIGHTWATER', first: 'OCTAVIA', dob: '19700707' };
const FAN_OUT_WAIT_MS = 90_000;

let stack: LeieMonitoringStack;

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  writeLeieArtifact(stack.artifact, [LISTED]);
  const first = await runLeieIngestion(stack.worker.client, stack.worker.taskQueue);
  await matcherOnNewVersion(stack.gw.matcherServer!.url, 'oig_leie', first.versionId!);
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

async function stored(id: string): Promise<string> {
  const { rows } = await stack.gw.pool.query<{ result: ScreeningResult }>('SELECT result FROM monitored_records WHERE id = $1', [id]);
  return rows[0].result.status;
}

describe('a list version fan-out reaching a record the matcher refuses', () => {
  it('skips that record and completes: the other records change status, the version is fanned out', async () => {
    const { gw, worker } = stack;
    const enroll = async (body: unknown, apiKey: string): Promise<string> => {
      const reply = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body });
      expect(reply.body.status).toBe('clear');
      return reply.body.id as string;
    };
    const screened = await enroll(
      { type: 'person', name: 'Octavia Brightwater', dateOfBirth: '1970-07-07' },
      (await createOrgWithKey(gw.pool, 'medium')).apiKey,
    );
    const refused = await enroll(
      { type: 'person', name: 'Octavia Brightwater', state: 'IL' },
      (await createOrgWithKey(gw.pool, 'medium')).apiKey,
    );
    // Another organization's record as no enrollment could store it today: a blank name, which the
    // matcher answers 400 for; stored as capped, so that the fan-out screens it again whatever its name.
    await gw.pool.query(`UPDATE monitored_records SET entity = jsonb_set(entity, '{name}', '"   "'), recall_capped = true WHERE id = $1`, [
      refused,
    ]);

    writeLeieArtifact(stack.artifact, [LISTED, NEWLY_LISTED]);
    const ingestion = runLeieIngestion(worker.client, worker.taskQueue);
    const published = await Promise.race([
      ingestion,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the fan-out did not complete within ${FAN_OUT_WAIT_MS} ms`)), FAN_OUT_WAIT_MS),
      ),
    ]);
    ingestion.catch(() => undefined);

    expect(published.monitoring).toMatchObject({ statusChanges: 1 });
    expect(await stored(screened)).toBe('potential_match');
    expect(await stored(refused)).toBe('clear');
    const { rows } = await gw.pool.query('SELECT 1 FROM list_versions WHERE id = $1 AND monitoring_applied_at IS NOT NULL', [
      published.versionId,
    ]);
    expect(rows).toHaveLength(1);
  }, 200_000);
});
