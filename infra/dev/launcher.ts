import path from 'node:path';
import { Connection } from '@temporalio/client';
import { config } from '../base/config';
import { createLogger } from '../base/log';
import { migrate } from '../base/db/migrate';
import { startTemporalDevServer, type DevServer } from './temporalDevServer';
import { temporalConnectionOptions } from '../base/temporal/connection';
import { startService, waitForHttpOk, type ManagedService } from './services';
import { withMatcherNodeOptions } from '../../matcher/nodeOptions';
import { seedDemo, type DemoAccess, type SeededLists } from './seed';
import { listScaleFrom } from './listScale';
import { waitForMatcherVersions } from './matcherVersions';
import { matcherReplicaCount, matcherReplicaPorts } from './matcherReplicas';

/**
 * `npm start [-- --scale demo|full]`: the whole stack on one machine. Migrates, starts the
 * Temporal dev server (unless one already answers at TEMPORAL_ADDRESS), seeds the demo
 * organization and the lists of the chosen scale, then runs matcher(s), worker and gateway as
 * separate processes until SIGINT/SIGTERM.
 */
const log = createLogger('launcher');
const dataDir = path.resolve(config.dataDir);
const logDir = path.join(dataDir, 'logs');
const STOP_GRACE_MS = 20_000;
// The matcher's first load of the full lists (2M registry organizations) takes a minute or more on 2 cores.
const READY_TIMEOUT_MS = 15 * 60_000;

const say = (line: string): void => void process.stdout.write(`[lists] ${line}\n`);

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
    const scale = listScaleFrom(process.argv.slice(2));
    const applied = await migrate();
    log.info({ applied }, 'database migrated');

    // The gateway needs only the migrated database, so it starts while Temporal comes up and the
    // lists are seeded. The matcher starts once they are in: it would otherwise build its whole
    // index again after each list published, which at full scale costs more than the ingestion.
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
    watch(startService('gateway', 'gateway/main.ts', env, logDir));

    const starting = ensureTemporal(temporalStart.signal).then((server) => (temporal = server));
    temporalStarting = starting;
    say(`scale ${scale}`);
    const seeding = seedDemo({ dataDir, scale, say }).then((seeded) => {
      if (stopping) return seeded;
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
      return seeded;
    });
    const [, { demo, lists }] = await Promise.all([starting, seeding]);
    if (stopping) return;
    watch(startService('worker', 'infra/worker.ts', env, logDir));

    const apiBase = `http://${config.gatewayHost}:${config.gatewayPort}`;
    // The gateway's readiness asks for PostgreSQL only; the first screening needs the matcher's lists too.
    await Promise.all([
      waitForHttpOk(`${apiBase}/readyz`, READY_TIMEOUT_MS, () => !stopping),
      ...matcherUrl.split(',').map((url) => waitForMatcherVersions(url.trim(), lists.currentVersions, READY_TIMEOUT_MS, () => !stopping)),
    ]);
    printBanner(apiBase, demo, lists, performance.now() / 1000, matcherUrl);
  } catch (err) {
    if (stopping) return; // a stop requested during start-up (Temporal's start aborted): not a failure
    log.error({ err }, 'start-up failed');
    await shutdown(1, 'start-up failed');
  }
}

function printBanner(apiBase: string, demo: DemoAccess, lists: SeededLists, readyAfterSeconds: number, matcherUrl: string): void {
  const temporalUi = temporalUiUrl();
  const rows = lists.ingested.reduce((sum, i) => sum + i.rows, 0);
  const published = lists.ingested.filter((i) => i.outcome === 'published').length;
  const tryName = demo.listedPerson ?? 'Jordan Q Exampleson';
  const lines = [
    '',
    'Exclusion Screening Service is running.',
    `  Lists          ${lists.scale} scale: ${rows.toLocaleString('en-US')} rows in ${lists.ingested.length} lists ` +
      `(${published} published at this start), from ${path.relative(process.cwd(), lists.set.dir)}`,
    `  Ready in       ${readyAfterSeconds.toFixed(1)} s (the matcher serves every current list version)`,
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
      ? `                 ${demo.listedPerson} is on the ${lists.scale} LEIE (a potential match, with its evidence); Jordan Q Exampleson is on no list (clear)`
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
