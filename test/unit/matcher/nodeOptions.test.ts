import fs from 'node:fs';
import path from 'node:path';
import { MATCHER_NODE_OPTIONS, hasMatcherNodeOptions, withMatcherNodeOptions } from '../../../matcher/nodeOptions';

describe("the matcher's V8 options", () => {
  it('are added to NODE_OPTIONS once, keeping what was there', () => {
    const env = withMatcherNodeOptions({ NODE_OPTIONS: '--enable-source-maps', PATH: '/bin' });
    expect(env.NODE_OPTIONS).toBe(`--enable-source-maps ${MATCHER_NODE_OPTIONS}`);
    expect(env.PATH).toBe('/bin');
    expect(withMatcherNodeOptions(env)).toBe(env);
    expect(withMatcherNodeOptions({}).NODE_OPTIONS).toBe(MATCHER_NODE_OPTIONS);
  });

  it('are added for a child whatever options this process itself runs with', () => {
    // A process started with the option on its command line passes on its environment, not its node options.
    const env = withMatcherNodeOptions({ PATH: '/bin' });
    expect(env.NODE_OPTIONS).toBe(MATCHER_NODE_OPTIONS);
  });

  it('leave a semi-space size the operator chose, however it is spelt', () => {
    for (const chosen of ['--max-semi-space-size=128', '--max_semi_space_size=32', '--inspect --max-semi-space-size=8']) {
      expect(withMatcherNodeOptions({ NODE_OPTIONS: chosen }).NODE_OPTIONS).toBe(chosen);
      expect(hasMatcherNodeOptions({ NODE_OPTIONS: chosen }, [])).toBe(true);
    }
  });

  it('are recognised in NODE_OPTIONS or among the node options, and missed otherwise', () => {
    expect(hasMatcherNodeOptions({ NODE_OPTIONS: MATCHER_NODE_OPTIONS }, [])).toBe(true);
    expect(hasMatcherNodeOptions({}, MATCHER_NODE_OPTIONS.split(' '))).toBe(true);
    expect(hasMatcherNodeOptions({ NODE_OPTIONS: '--max-old-space-size=4096' }, ['--import', 'tsx'])).toBe(false);
  });

  it('are the ones the Kubernetes sketch gives the matcher', () => {
    const manifest = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'infra', 'deploy', 'kubernetes.yaml'), 'utf8');
    const matcher =
      manifest.split('\n---\n').find((doc) => doc.includes('name: screening-matcher') && doc.includes('kind: Deployment')) ?? '';
    const envLines = matcher.split('\n').filter((line) => /^\s*env:/.test(line));
    expect(envLines).toEqual([expect.stringContaining(`{ name: NODE_OPTIONS, value: '${MATCHER_NODE_OPTIONS}' }`)]);
  });
});
