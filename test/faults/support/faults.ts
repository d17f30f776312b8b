import { killProcess, readStack, startPostgres, startRedis, startTemporal, stopPostgres, writeStack } from '../harness/privateStack';

/**
 * The faults, each bounded: the part is down for `downMs`, then started again on the same port
 * with what it keeps on disk (PostgreSQL its data directory, Temporal its SQLite file, Redis
 * nothing). The stack file is updated with the new pids for the suites after this one.
 */
export async function restartTemporal(downMs = 2000): Promise<void> {
  const state = readStack();
  await killProcess(state.temporalPid, state.temporalPort, 'temporal dev server');
  await new Promise((r) => setTimeout(r, downMs));
  state.temporalPid = await startTemporal(state);
  writeStack(state);
}

/** An immediate stop (as a crash: every connection cut, recovery from the WAL on start). */
export async function restartPostgres(downMs = 2000): Promise<void> {
  const state = readStack();
  await stopPostgres(state, 'immediate');
  await new Promise((r) => setTimeout(r, downMs));
  await startPostgres(state);
}

export async function restartRedis(downMs = 1500): Promise<void> {
  const state = readStack();
  await killProcess(state.redisPid, state.redisPort, 'redis-server');
  await new Promise((r) => setTimeout(r, downMs));
  state.redisPid = await startRedis(state.redisPort, state.dir);
  writeStack(state);
}

/** Waits for `done`, a failed check counting as not yet; `state` says, on a time-out, what was last seen. */
export async function until(what: string, timeoutMs: number, done: () => Promise<boolean> | boolean, state?: () => unknown): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    const ok = await Promise.resolve()
      .then(done)
      .catch((err: unknown) => ((lastError = err), false));
    if (ok) return;
    if (Date.now() > deadline) {
      const seen = state ? ` (last seen: ${JSON.stringify(state())})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${seen}${lastError ? `; last error: ${String(lastError)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
