import path from 'node:path';
import { Connection } from '@temporalio/client';
import { config } from '../base/config';
import { createLogger } from '../base/log';
import { migrate } from '../base/db/migrate';
import { startTemporalDevServer, type DevServer } from './temporalDevServer';
import { temporalConnectionOptions } from '../base/temporal/connection';
import { startService, waitForHttpOk, type ManagedService } from './services';
import { withMatcherNodeOptions } from '../../matcher/nodeOptions';
import { seedDemo, type DemoAccess } from './seed';
import { matcherReplicaCount, matcherReplicaPorts } from './matcherReplicas';

/**
 * `npm start`: the whole stack on one machine. Migrates, starts the Temporal dev server
 * (unless one already answers at TEMPORAL_ADDRESS), seeds the demo organization and lists,
 * then runs matcher(s), worker and gateway as separate processes until SIGINT/SIGTERM.
 */
const log = createLogger('launcher');
const dataDir = path.resolve(config.dataDir);
const logDir = path.join(dataDir, 'logs');
const STOP_GRACE_MS = 20_000;

async function temporalAnswers(): Promise<boolean> {
  try {
    const connection = await Connection.connect({ ...temporalConnectionOptions(), connectTimeout: 1000 });
    try {
      await connection.workflowService.getSystemInfo({});
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

/** Uses a Temporal server already answering at TEMPORAL_ADDRESS, or starts the dev server. */
async function ensureTemporal(signal: AbortSignal): Promise<DevServer | null> {
  if (await temporalAnswers()) {
    log.info({ address: config.temporalAddress }, 'using the Temporal server already answering');
    return null;
  }
  const port = Number(config.temporalAddress.split(':').pop());
  const server = await startTemporalDevServer({
    port,
    uiPort: config.temporalUiPort,
    dbFile: path.join(dataDir, 'temporal', 'dev.sqlite'),
    logFile: path.join(logDir, 'temporal.log'),
    namespace: config.temporalNamespace,
    signal,
  });
  log.info({ address: server.address }, 'Temporal dev server started');
  return server;
}

async function main(): Promise<void> {
  let temporal: DevServer | null = null;
  // A stop during Temporal's start must still stop it: abort the start and wait for it to unwind.
  const temporalStart = new AbortController();
  let temporalStarting: Promise<unknown> = Promise.resolve();
  const services: ManagedService[] = [];
  let stopping = false;

  const shutdown = async (exitCode: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping the stack');
    // Gateway first so no new work arrives, then the worker drains, then the matcher.
    for (const name of ['gateway', 'worker', 'matcher']) {
      await Promise.all(services.filter((s) => s.name.split('-')[0] === name).map((s) => s.stop(STOP_GRACE_MS)));
    }
    temporalStart.abort();
    await temporalStarting.catch(() => undefined);
    if (temporal) await temporal.stop();
    log.info('stack stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown(0, 'SIGINT'));
  process.on('SIGTERM', () => void shutdown(0, 'SIGTERM'));

  try {
    const applied = await migrate();
    log.info({ applied }, 'database migrated');

    // Matcher and gateway need only the migrated database (the matcher reloads on every list
    // publication), so they start while Temporal comes up and the demo data is seeded.
    // Local development receives webhooks on loopback; private and metadata ranges stay refused.
    const ports = matcherReplicaPorts(config.matcherPort, matcherReplicaCount(process.env));
    const matcherUrl = process.env.MATCHER_URL ?? ports.map((port) => `http://${config.matcherHost}:${port}`).join(',');
    const env = { WEBHOOK_ALLOW_LOOPBACK: 'true', ...process.env, MATCHER_URL: matcherUrl };
    const watch = (service: ManagedService) => {
      services.push(service);
      void service.exited.then((code) => {
        if (!stopping) void shutdown(1, `${service.name} exited with code ${code}; see ${path.join(logDir, service.name + '.log')}`);
      });
    };
    ports.forEach((port, i) =>
      watch(
        startService(
          i === 0 ? 'matcher' : `matcher-${i + 1}`,
          'matcher/main.ts',
          withMatcherNodeOptions({ ...env, MATCHER_PORT: String(port) }),
          logDir,
        ),
      ),
    );
    watch(startService('gateway', 'gateway/main.ts', env, logDir));

    const starting = ensureTemporal(temporalStart.signal).then((server) => (temporal = server));
    temporalStarting = starting;
    const [, demo] = await Promise.all([starting, seedDemo({ dataDir, log })]);
    if (stopping) return;
    watch(startService('worker', 'infra/worker.ts', env, logDir));

    const apiBase = `http://${config.gatewayHost}:${config.gatewayPort}`;
    // The gateway's readiness asks for PostgreSQL only; the first screening needs the matcher's lists too.
    await Promise.all([
      waitForHttpOk(`${apiBase}/readyz`, 180_000, () => !stopping),
      ...matcherUrl.split(',').map((url) => waitForHttpOk(`${url.trim()}/readyz`, 180_000, () => !stopping)),
    ]);
    printBanner(apiBase, demo, matcherUrl);
  } catch (err) {
    if (stopping) return; // a stop requested during start-up (Temporal's start aborted): not a failure
    log.error({ err }, 'start-up failed');
    await shutdown(1, 'start-up failed');
  }
}

function printBanner(apiBase: string, demo: DemoAccess, matcherUrl: string): void {
  const temporalUi = temporalUiUrl();
  const tryName = demo.listedPerson ?? 'Jordan Q Exampleson';
  const lines = [
    '',
    'Exclusion Screening Service is running.',
    `  API base URL   ${apiBase}/v1   (contract: ${apiBase}/v1/openapi.json)`,
    `  Pages          ${apiBase}/   (free lookup)   ${apiBase}/coverage   ${apiBase}/docs   (API reference)`,
    `  Metrics        ${apiBase}/metrics   ${matcherUrl
      .split(',')
      .map((url) => `${url.trim()}/metrics`)
      .join('   ')}   http://${config.workerMetricsHost}:${config.workerMetricsPort}/metrics (worker)`,
    `  Temporal UI    ${temporalUi}`,
    `  Demo API key   ${demo.apiKey}`,
    `                 organization "${demo.orgName}" (${demo.orgId}), plan ${demo.plan}; a new key is issued at every start`,
    `  More keys      npx screenctl key issue --org ${demo.orgId} --json`,
    `  Try            curl -s ${apiBase}/v1/screen -H "Authorization: Bearer ${demo.apiKey}" \\`,
    `                   -H 'Content-Type: application/json' -d '{"type":"person","name":"${tryName}"}'`,
    demo.listedPerson
      ? `                 ${demo.listedPerson} is on the demo LEIE (a potential match, with its evidence); Jordan Q Exampleson is on no list (clear)`
      : '                 Jordan Q Exampleson is on no list (clear)',
    `  Logs           ${path.relative(process.cwd(), logDir)}/{gateway,matcher*,worker,temporal}.log`,
    'Press Ctrl-C to stop everything.',
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

function temporalUiUrl(): string {
  const host = config.temporalAddress.split(':')[0];
  return `http://${host}:${config.temporalUiPort}`;
}

void main();
