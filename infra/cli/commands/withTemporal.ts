import { Client, Connection } from '@temporalio/client';
import { config } from '../../base/config';
import { temporalConnectionOptions } from '../../base/temporal/connection';

/** Runs one operator command with its own Temporal connection and always closes it. */
export async function withTemporal<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect(temporalConnectionOptions());
  try {
    return await run(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}
