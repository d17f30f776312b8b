import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { STATE_MAPPINGS } from '../../../activities/lists/sources/states';
import { JURISDICTIONS } from '../../../activities/lists/sources/states/jurisdictions';
import { renderReadme, renderStatesTable, STATES_TABLE_END, STATES_TABLE_START } from '../../../infra/dev/statesReadme';

const README = resolve(__dirname, '../../../docs/lists.md');

describe('README table of the Medicaid jurisdictions', () => {
  it('is what `npm run docs:states` generates from jurisdictions.ts (run it after changing the table or merging an adapter)', async () => {
    const readme = readFileSync(README, 'utf8');
    expect(await renderReadme(readme, README)).toBe(readme);
  });

  it('has one row per jurisdiction, marked adapter or gap from STATE_MAPPINGS', () => {
    const rows = renderStatesTable()
      .split('\n')
      .filter((line) => /^\| [A-Z]{2} \(/.test(line));
    expect(rows).toHaveLength(51);
    for (const j of JURISDICTIONS) {
      const row = rows.find((r) => r.startsWith(`| ${j.state} (`));
      expect([j.state, row?.includes('**adapter**')]).toEqual([j.state, Boolean(STATE_MAPPINGS[j.state])]);
    }
  });

  it('refuses a README without the markers instead of writing anywhere', async () => {
    await expect(renderReadme('# README\n', README)).rejects.toThrow(STATES_TABLE_START);
    await expect(renderReadme(`${STATES_TABLE_END}\n${STATES_TABLE_START}\n`, README)).rejects.toThrow(/no .* block/);
  });
});
