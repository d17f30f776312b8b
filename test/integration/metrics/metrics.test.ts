import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { billingPeriod } from '../../../activities/metering/period';
import { createOrganization } from '../../../gateway/orgs/organizations';
import { issueApiKey } from '../../../gateway/auth/apiKeys';
import {
  REPO_ROOT,
  awaitFreshWindow,
  call,
  freePort,
  preloadScreens,
  startInProcessGateway,
  type InProcessGateway,
} from '../gateway/support/stack';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { publishLeie } from '../support/lists';

/** The value of the first sample of `name` whose labels include every one of `labels`; undefined when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const SECRET_ORG = `Metrics Secret Org ${randomUUID()}`;
const SUBJECT = 'Zebediah Privatename';

let db: ListsDatabase;
let gw: InProcessGateway;
beforeAll(async () => {
  db = await createListsDatabase();
  await publishLeie(db.pool, [{ last: 'EXAMPLESON', first: 'JORDAN', dob: '19780214' }]);
  gw = await startInProcessGateway({
    databaseUrl: db.url,
    redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}metrics:${randomUUID()}:`,
    publicLimits: { perIpPerMinute: 1, globalPerMinute: 100 },
  });
  await gw.matcherServer?.loader.reload();
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await db?.drop();
});

describe('GET /metrics (gateway)', () => {
  it('counts requests by route and status, times them, and counts rate-limit and allowance refusals, in Prometheus text', async () => {
    const org = await createOrganization(gw.pool, { name: SECRET_ORG, plan: 'small' });
    const { apiKey, keyId } = await issueApiKey(gw.pool, org.id);
    expect((await call(gw.url, 'POST', '/v1/screen', { apiKey, body: { type: 'person', name: SUBJECT } })).status).toBe(200);
    await preloadScreens(gw.pool, org.id, billingPeriod(new Date()), 500);
    expect((await call(gw.url, 'POST', '/v1/screen', { apiKey, body: { type: 'person', name: SUBJECT } })).status).toBe(402);
    await awaitFreshWindow(gw.redis, 10_000);
    expect((await call(gw.url, 'POST', '/v1/public/lookup', { body: { name: SUBJECT } })).status).toBe(200);
    expect((await call(gw.url, 'POST', '/v1/public/lookup', { body: { name: SUBJECT } })).status).toBe(429);
    expect((await fetch(`${gw.url}/coverage`)).status).toBe(200);

    const { status, type, text } = await scrape(`${gw.url}/metrics`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'gateway_http_requests_total', { route: 'screen', method: 'POST', status: '200', service: 'gateway' })).toBe(1);
    expect(sample(text, 'gateway_http_requests_total', { route: 'screen', status: '402' })).toBe(1);
    expect(sample(text, 'gateway_http_requests_total', { route: 'publicLookup', status: '429' })).toBe(1);
    expect(sample(text, 'gateway_http_requests_total', { route: 'coverage_page', status: '200' })).toBe(1);
    expect(sample(text, 'gateway_http_request_duration_seconds_count', { route: 'screen', status: '200' })).toBe(1);
    expect(sample(text, 'gateway_http_request_duration_seconds_bucket', { route: 'screen', status: '200', le: '+Inf' })).toBe(1);
    expect(sample(text, 'gateway_rate_limit_refusals_total', { route: 'publicLookup', access: 'public' })).toBe(1);
    expect(sample(text, 'gateway_allowance_refusals_total', { route: 'screen', code: 'single_screening_allowance_reached' })).toBe(1);
    expect(sample(text, 'list_version_age_seconds', { source: 'oig_leie' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'list_version_stale', { source: 'oig_leie' })).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // A public port: nothing that names a caller or a subject.
    for (const secret of [apiKey, keyId, org.id, SECRET_ORG, SUBJECT, 'Zebediah', 'Privatename']) expect(text).not.toContain(secret);
  });

  it('asks for METRICS_TOKEN as a bearer token when one is set', async () => {
    const guarded = await startInProcessGateway({ matcherUrl: gw.matcherServer?.url, metricsToken: 'scrape-secret-1' });
    try {
      expect((await scrape(`${guarded.url}/metrics`)).status).toBe(401);
      expect((await scrape(`${guarded.url}/metrics`, { Authorization: 'Bearer scrape-secret-2' })).status).toBe(401);
      const ok = await scrape(`${guarded.url}/metrics`, { Authorization: 'Bearer scrape-secret-1' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('gateway_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /metrics (matcher)', () => {
  it('times screenings, counts the candidates scored and reports the age of each loaded list version', async () => {
    const matcherUrl = gw.matcherServer?.url as string;
    const before =
      sample((await scrape(`${matcherUrl}/metrics`)).text, 'matcher_screening_duration_seconds_count', { route: '/match' }) ?? 0;
    await gw.matcher.match({ type: 'person', name: 'Jordan Exampleson' }, { requestId: randomUUID() });
    await gw.matcher.match({ type: 'person', name: SUBJECT }, { requestId: randomUUID() });
    const { status, text } = await scrape(`${matcherUrl}/metrics`);
    expect(status).toBe(200);
    expect(sample(text, 'matcher_screening_duration_seconds_count', { route: '/match', service: 'matcher' })).toBe(before + 2);
    expect(sample(text, 'matcher_candidates_scored_sum', { route: '/match' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'matcher_requests_total', { route: '/match', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'matcher_list_version_age_seconds', { source: 'oig_leie' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'matcher_index_entries')).toBe(1);
    expect(text).not.toMatch(/Zebediah|EXAMPLESON|Exampleson/);
  });
});

describe('GET /metrics (worker)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it("counts activity tasks by type and outcome, and carries the Temporal SDK's runtime metrics", async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'infra/worker.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        MATCHER_URL: gw.matcherServer?.url,
        TEMPORAL_TASK_QUEUE: gw.deps.taskQueue,
        WORKER_METRICS_PORT: String(port),
        LOG_LEVEL: 'silent',
        WORKER_SCHEDULES: 'off',
      },
      stdio: 'ignore',
    });
    const org = await createOrganization(gw.pool, { name: `metrics worker ${randomUUID()}`, plan: 'enterprise' });
    const { apiKey } = await issueApiKey(gw.pool, org.id);
    const submitted = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      body: { items: [{ type: 'person', name: SUBJECT }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(submitted.status).toBe(202);
    for (let i = 0; ; i++) {
      const job = (await call(gw.url, 'GET', `/v1/batch/${submitted.body.jobId}`, { apiKey })).body;
      if (job.state === 'completed') break;
      if (i > 600) throw new Error(`batch not completed: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const { status, text } = await scrape(`http://127.0.0.1:${port}/metrics`);
    expect(status).toBe(200);
    const completed = text.split('\n').filter((l) => l.startsWith('worker_activity_tasks_total{') && l.includes('outcome="completed"'));
    expect(completed.length).toBeGreaterThan(0);
    expect(sample(text, 'worker_activity_duration_seconds_count', { service: 'worker' })).toBeGreaterThan(0);
    // The SDK Core's own exporter, appended on the same page.
    expect(text).toMatch(/^temporal_\w+/m);
    expect(text).toMatch(/^temporal_\w*activity\w*(\{| )/m);
    expect(text).not.toMatch(/Zebediah|Privatename/);
  }, 120_000);
});
