import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { billingPeriod } from '../../../activities/metering/period';
import { REPO_ROOT, call, createOrgWithKey, preloadScreens, startInProcessGateway, type InProcessGateway } from './support/stack';

/**
 * A consumer's view of the contract: a Python client generated from the served document with the
 * pinned openapi-python-client (infra/dev/requirements.txt) calls the running gateway and must parse
 * every documented response into its model, the error models included. A generator warning fails the
 * test: a schema it cannot build (two inline schemas given the same model name, say) is dropped from
 * the client without any other sign.
 */
const run = promisify(execFile);
const VENV_BIN = path.join(REPO_ROOT, '.venv', 'bin');

// Runs against the generated package `client`; prints one JSON line per call: what the client parsed.
const CONSUMER = `
import json, sys
from client import AuthenticatedClient
from client.api.default import screen, get_usage, get_coverage, remove_monitor
from client.models import (
    AllowanceError, CoverageReport, Error, ErrorFields, PersonEntity, ScreeningResult, UsageSummary, ValidationError,
)

cfg = json.loads(sys.argv[1])
def client(key):
    return AuthenticatedClient(base_url=cfg["baseUrl"], token=key, raise_on_unexpected_status=True)
person = PersonEntity.from_dict(cfg["person"])
out = {}
def record(name, reply, model):
    parsed = reply.parsed
    if type(parsed) is not model:
        raise SystemExit(f"{name}: HTTP {int(reply.status_code)} parsed as {type(parsed).__name__}, expected {model.__name__}: {reply.content!r}")
    out[name] = {"status": int(reply.status_code), "parsed": type(parsed).__name__, "dict": parsed.to_dict()}
    return parsed

ok = record("screen200", screen.sync_detailed(client=client(cfg["key"]), body=person), ScreeningResult)
out["screen200"]["statusValue"] = ok.status.value
record("usage200", get_usage.sync_detailed(client=client(cfg["key"])), UsageSummary)
record("coverage200", get_coverage.sync_detailed(client=client(cfg["key"])), CoverageReport)

invalid = record("screen400", screen.sync_detailed(client=client(cfg["key"]), body=person, idempotency_key="k" * 256), ValidationError)
assert isinstance(invalid.fields, ErrorFields), type(invalid.fields)
out["screen400"]["fieldNames"] = list(invalid.fields.additional_properties)
out["screen400"]["code"] = invalid.code.value

refused = record("screen402", screen.sync_detailed(client=client(cfg["smallKey"]), body=person), AllowanceError)
out["screen402"]["code"] = refused.code.value
out["screen402"]["resetsOn"] = refused.allowance.resets_on.isoformat()
out["screen402"]["plansWithMoreRoom"] = [p.plan for p in refused.allowance.plans_with_more_room]

unauthorized = record("usage401", get_usage.sync_detailed(client=client("esk_not_a_key")), Error)
out["usage401"]["code"] = unauthorized.code.value
missing = record("monitor404", remove_monitor.sync_detailed(cfg["unknownId"], client=client(cfg["key"])), Error)
out["monitor404"]["code"] = missing.code.value
print(json.dumps(out))
`;

let gw: InProcessGateway;
let dir: string;

beforeAll(async () => {
  gw = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}generated-client:${randomUUID()}:` });
  dir = await mkdtemp(path.join(os.tmpdir(), 'generated-client-'));
});
afterAll(async () => {
  await gw?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('a Python client generated from GET /v1/openapi.json parses results and every error model', async () => {
  const served = await call(gw.url, 'GET', '/v1/openapi.json');
  expect(served.status).toBe(200);
  const documentPath = path.join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify(served.body));

  // Ruff (a dependency of the generator) formats the output; it must be found on PATH.
  const env = { ...process.env, PATH: `${VENV_BIN}${path.delimiter}${process.env.PATH ?? ''}` };
  const generated = await run(
    path.join(VENV_BIN, 'openapi-python-client'),
    ['generate', '--path', documentPath, '--output-path', path.join(dir, 'client'), '--meta', 'none', '--fail-on-warning'],
    { env, cwd: dir, timeout: 60_000 },
  ).catch((err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`openapi-python-client failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  expect(`${generated.stdout}${generated.stderr}`).not.toMatch(/warning|unable to process/i);

  const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
  const small = await createOrgWithKey(gw.pool, 'small');
  const period = billingPeriod(new Date());
  await preloadScreens(gw.pool, small.orgId, period, 500);
  const person = { type: 'person', name: 'Jordan Q Exampleson', dateOfBirth: '1970-01-31', state: 'TX' };
  await writeFile(path.join(dir, 'consumer.py'), CONSUMER);

  // Asynchronous, so that this process keeps serving the client's requests.
  const consumer = await run(
    path.join(VENV_BIN, 'python'),
    [
      path.join(dir, 'consumer.py'),
      JSON.stringify({ baseUrl: `${gw.url}/v1`, key: apiKey, smallKey: small.apiKey, person, unknownId: randomUUID() }),
    ],
    { env, cwd: dir, timeout: 60_000 },
  ).catch((err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`the generated client failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  const out = JSON.parse(consumer.stdout);

  expect(out.screen200).toMatchObject({ status: 200, parsed: 'ScreeningResult', statusValue: 'clear' });
  expect(out.usage200).toMatchObject({ status: 200, parsed: 'UsageSummary', dict: { period } });
  expect(out.coverage200).toMatchObject({ status: 200, parsed: 'CoverageReport' });
  expect(out.screen400).toMatchObject({ status: 400, parsed: 'ValidationError', code: 'invalid_request', fieldNames: ['Idempotency-Key'] });
  expect(out.screen400.dict.fields['Idempotency-Key'].length).toBeGreaterThan(0);
  const [y, m] = period.split('-').map(Number);
  expect(out.screen402).toMatchObject({
    status: 402,
    parsed: 'AllowanceError',
    code: 'single_screening_allowance_reached',
    resetsOn: new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10),
    plansWithMoreRoom: ['medium', 'large', 'enterprise'],
  });
  expect(out.screen402.dict.allowance).toMatchObject({ plan: 'small', includedCalls: 500, usedCalls: 500 });
  expect(out.usage401).toMatchObject({ status: 401, parsed: 'Error', code: 'unauthorized' });
  expect(out.monitor404).toMatchObject({ status: 404, parsed: 'Error', code: 'not_found' });
});
