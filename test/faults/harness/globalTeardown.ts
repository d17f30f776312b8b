import fs from 'node:fs';
import { killProcess, readStack, stopPostgres } from './privateStack';

/** Stops what the run started (by the pids it recorded) and removes its directory, logs kept when FAULT_KEEP_DIR is set. */
export default async function globalTeardown(): Promise<void> {
  const state = readStack();
  await killProcess(state.temporalPid, null, 'temporal dev server');
  await killProcess(state.redisPid, null, 'redis-server');
  await stopPostgres(state, 'immediate').catch(() => undefined);
  if (!process.env.FAULT_KEEP_DIR) fs.rmSync(state.dir, { recursive: true, force: true });
  else process.stderr.write(`fault suite files kept in ${state.dir}\n`);
}
