import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MATCHING_RULES_VERSION } from '../../../matcher/rulesVersion';

/**
 * The matching rules cannot change without MATCHING_RULES_VERSION: monitoring screens every record
 * again only when the version moves (activities/monitoring/rules.ts), so a rule change that kept
 * it would leave the records enrolled before on the old rules. The fingerprint covers every file
 * of the matcher that decides a screening's result; the rest (its HTTP server and client,
 * metrics, caches, the monitoring blocking keys, types) is left out.
 */
const RECORDED = { version: 1, fingerprint: '3e6339afd20cb9bd84b20f7abe5e78699e5fbf7e5f4af41c4dedb6914bb7d774' };

const MATCHER = path.resolve(__dirname, '..', '..', '..', 'matcher');
const NOT_RULES = new Set(['server.ts', 'client.ts', 'main.ts', 'metrics.ts', 'nodeOptions.ts', 'boundedCache.ts', 'blockingKeys.ts', 'rulesVersion.ts', 'types.ts']);

function ruleFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ruleFiles(full);
    return dir === MATCHER && NOT_RULES.has(name) ? [] : [full];
  });
}

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of ruleFiles(MATCHER)) {
    hash.update(path.relative(MATCHER, file).split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n')).update('\0');
  }
  return hash.digest('hex');
}

describe('MATCHING_RULES_VERSION', () => {
  it('is raised with every change to the rule files (then record the new version and fingerprint here)', () => {
    expect({ version: MATCHING_RULES_VERSION, fingerprint: fingerprint() }).toEqual(RECORDED);
  });
});
