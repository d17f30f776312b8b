import { config, webhookSecretKeys } from '../infra/base/config';
import { createApp } from './app';
import { createGatewayServer } from './server';
import { wireGateway } from './wiring';

/** Gateway process: serves the v1 API on GATEWAY_HOST:GATEWAY_PORT; SIGTERM/SIGINT drain and exit. */
async function main(): Promise<void> {
  // Required configuration is checked before anything starts: production refuses to run without the envelope keys.
  webhookSecretKeys();
  const wiring = await wireGateway();
  const { logger } = wiring.deps;
  const app = createApp(wiring.deps);

  const server = createGatewayServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.gatewayPort, config.gatewayHost, () => resolve());
  });
  logger.info({ host: config.gatewayHost, port: config.gatewayPort }, 'gateway listening');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(force);
    await wiring.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
