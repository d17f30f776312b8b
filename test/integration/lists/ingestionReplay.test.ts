import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';

/**
 * A listIngestion run recorded by the code before a change must replay on the code after it:
 * runs in flight during a deploy continue on the new worker. The history below (protobuf, as
 * `fetchHistory` returns it) was recorded from a run of the release whose listIngestion fanned
 * the version out in-line (emitListUpdate, then rescreenMonitoredRecords), before the fan-out
 * became its own workflow (`patched('fan-out-workflow')`): commit 6a98719's workflow bundle on a
 * dev server, its activities stubbed (only their results enter a history). Read as protobuf:
 * in this install the SDK's `historyFromJSON` fails (each @temporalio package carries its own
 * protobufjs 8, the root one being grpc's 7), so a history exported as JSON could not be loaded.
 */
const HISTORIES = path.resolve(__dirname, '..', '..', 'fixtures', 'histories');
const History = temporal.api.history.v1.History;

describe('listIngestion replay', () => {
  it('replays a run recorded before the fan-out became its own workflow', async () => {
    const history = History.decode(readFileSync(path.join(HISTORIES, 'listIngestion-in-line-fan-out.history.bin')));
    const activities = (history.events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(activities).toEqual(['ingestListArtifact', 'rescreenForListSwitches', 'emitListUpdate', 'rescreenMonitoredRecords']);
    await expect(
      Worker.runReplayHistory(
        { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH as string } },
        history,
        'list-ingestion/oig_leie',
      ),
    ).resolves.toBeUndefined();
  });
});
