import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import type { ListIngestionResult, ListVersionFanOutResult } from '../../../workflows/contracts';
import { listIngestion } from '../../../workflows/listIngestion';
import type { listVersionFanOut } from '../../../workflows/listVersionFanOut';
import { randomBytes } from 'node:crypto';
import { LEIE_HEADER, leieBusinessRow, leieRow } from '../lists/support';
import { scratchDir } from '../../fixtures/lists/builders';
import type { LeieParty } from './lists';

/** Where a test's LEIE artifact lives: the worker is configured with it (LIST_ARTIFACT_OIG_LEIE), the test rewrites it per version. */
export function leieArtifactPath(): string {
  return join(scratchDir(), 'leie-artifact.csv');
}

export function writeLeieArtifact(path: string, parties: readonly LeieParty[]): void {
  const row = (p: LeieParty) => ('business' in p ? leieBusinessRow(p.business, '20230101') : leieRow(p.last, p.first, p.dob, '20230101'));
  writeFileSync(path, [LEIE_HEADER, ...parties.map(row)].join('\r\n') + '\r\n');
}

type Published = Extract<ListIngestionResult, { outcome: 'published' }>;

/** One flat view of the result's union (every published field optional), with the fan-out's summary when it ran. */
type IngestionRun = ListIngestionResult &
  Partial<Published> &
  Partial<Pick<ListVersionFanOutResult, 'monitoring' | 'listUpdates'>> & { fanOutDoneAt: number };

/**
 * Runs the listIngestion workflow for a source on the test worker's queue, as its schedule would,
 * then waits for the fan-out it started (workflow listVersionFanOut) and adds its summary as
 * `monitoring`, with `fanOutDoneAt` the moment the fan-out was seen done.
 */
export async function runIngestion(
  client: Client,
  taskQueue: string,
  sourceKey: string,
  workflowId = `list-ingestion/${sourceKey}/${randomBytes(4).toString('hex')}`,
  options: { force?: boolean } = {},
): Promise<IngestionRun> {
  const input = options.force ? { sourceKey, force: true } : { sourceKey };
  const ran = await client.workflow.execute(listIngestion, { taskQueue, workflowId, args: [input] });
  // One flat view of the result's union (every published field optional), for the tests' convenience.
  const result = ran as ListIngestionResult & Partial<Published>;
  if (!result.fanOut) return { ...result, fanOutDoneAt: Date.now() };
  const fanOut = await client.workflow.getHandle<typeof listVersionFanOut>(result.fanOut.workflowId).result();
  return { ...result, monitoring: fanOut.monitoring, listUpdates: fanOut.listUpdates, fanOutDoneAt: Date.now() };
}

/**
 * Runs the listIngestion workflow for the LEIE (and waits for its fan-out). `force` for a test that
 * replaces a list an earlier test left with another one: most of it removed, which looks like a cut file.
 */
export async function runLeieIngestion(client: Client, taskQueue: string, options: { force?: boolean } = {}) {
  return runIngestion(client, taskQueue, 'oig_leie', undefined, options);
}

/** Waits until the matcher serves a version other than `previous` for the source (it reloads on NOTIFY). */
export async function matcherOnNewVersion(matcherUrl: string, sourceKey: string, versionId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = (await (await fetch(`${matcherUrl}/readyz`)).json()) as { versions?: Array<{ source: string; listVersionId: string }> };
    if (ready.versions?.some((v) => v.source === sourceKey && v.listVersionId === versionId)) return;
    if (Date.now() > deadline) throw new Error(`matcher did not load ${sourceKey} ${versionId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
