import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from './support/bundle';

/**
 * Runs recorded by one release replay on the workflow code of this tree: a run in flight during a
 * deploy carries on on the new worker. test/fixtures/histories holds a run of each workflow that
 * held a patch, recorded (by record.ts there) on the code with `patched(…)` (`before-deprecation`)
 * and on the code with `deprecatePatch(…)` (`after-deprecation`). Read as protobuf: in this
 * install the SDK's `historyFromJSON` fails (each @temporalio package carries its own protobufjs).
 */
const HISTORIES = path.resolve(__dirname, '..', '..', 'fixtures', 'histories');

const workflowIds: Record<string, string> = {
  listIngestion: 'list-ingestion/oig_leie',
  monitoringCatchUp: 'monitoring-catch-up',
  webhookDelivery: 'webhook-delivery/00000000-0000-4000-8000-0000000000c1',
};

const recorded = fs
  .readdirSync(HISTORIES)
  .filter((file) => file.endsWith('.history.bin'))
  .sort();

describe('recorded workflow histories', () => {
  it('cover each workflow that held a patch, before and after its deprecation', () => {
    expect(recorded).toEqual(
      Object.keys(workflowIds).flatMap((workflow) => [
        `${workflow}-after-deprecation.history.bin`,
        `${workflow}-before-deprecation.history.bin`,
      ]),
    );
  });

  it.each(recorded)(
    '%s replays on this code',
    async (file) => {
      const history = temporal.api.history.v1.History.decode(fs.readFileSync(path.join(HISTORIES, file)));
      const workflow = file.replace(/-(before|after)-deprecation\.history\.bin$/, '');
      const started = history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
      expect(started).toBe(workflow);
      await expect(
        Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, workflowIds[workflow]),
      ).resolves.toBeUndefined();
    },
    60_000,
  );
});
