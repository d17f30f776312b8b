import { config } from '../infra/base/config';
import { createLogger } from '../infra/base/log';
import { startMatcherServer } from './server';

/** The matcher process: serves on MATCHER_HOST:MATCHER_PORT, loads lists in the background. */
async function main(): Promise<void> {
  const log = createLogger('matcher');
  const server = await startMatcherServer({ port: config.matcherPort, host: config.matcherHost, logger: log });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'matcher stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'matcher shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  createLogger('matcher').fatal({ err }, 'matcher failed to start');
  process.exit(1);
});
