import type { Pool } from 'pg';
import type { WebhookEventToEmit } from '../webhooks';
import { versionChange } from './changes';

/**
 * The list_update event of a published version, for every organization with an endpoint for it;
 * null once the version's fan-out is done (a fan-out started again sends nothing, not even to an
 * endpoint created since).
 */
export async function listUpdateEvent(pool: Pool, versionId: string): Promise<WebhookEventToEmit | null> {
  const change = await versionChange(pool, versionId, false);
  if (change.fannedOut) return null;
  return {
    orgId: null,
    type: 'list_update',
    eventKey: `list:${versionId}`,
    data: {
      source: change.sourceKey,
      sourceName: change.sourceName,
      listVersionId: versionId,
      previousListVersionId: change.previousVersionId,
      retrievedAt: change.retrievedAt,
      added: change.added,
      removed: change.removed,
      changed: change.changed,
    },
  };
}
