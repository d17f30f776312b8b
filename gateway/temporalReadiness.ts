import { Connection } from '@temporalio/client';

const DEADLINE_MS = 2000;

/**
 * Readiness probe for the Temporal frontend: one lazily opened connection, a cheap
 * getSystemInfo call with a short deadline; a failed connection is dropped and reopened next time.
 */
export function createTemporalProbe(address: string) {
  let connection: Promise<Connection> | null = null;
  return {
    async ready(): Promise<boolean> {
      connection ??= Connection.connect({ address, connectTimeout: DEADLINE_MS });
      try {
        const conn = await connection;
        await conn.withDeadline(Date.now() + DEADLINE_MS, () => conn.workflowService.getSystemInfo({}));
        return true;
      } catch {
        const stale = connection;
        connection = null;
        stale?.then((c) => c.close()).catch(() => undefined);
        return false;
      }
    },
    async close(): Promise<void> {
      const conn = connection;
      connection = null;
      if (conn) await conn.then((c) => c.close()).catch(() => undefined);
    },
  };
}
