import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { STATE_MAPPINGS } from '../../../activities/lists/sources/states';
import { JURISDICTIONS } from '../../../activities/lists/sources/states/jurisdictions';
import { renderStatesPage, renderStatesSection, STATES_SECTION_END, STATES_SECTION_START } from '../../../infra/dev/statesSection';

const LISTS_PAGE = resolve(__dirname, '../../../docs/lists.md');

describe('docs/lists.md list of the Medicaid jurisdictions', () => {
  it('is what `npm run docs:states` generates from jurisdictions.ts (run it after changing the table or merging an adapter)', () => {
    const page = readFileSync(LISTS_PAGE, 'utf8');
    expect(renderStatesPage(page, LISTS_PAGE)).toBe(page);
  });

  it('has one item per jurisdiction, marked adapter or gap from STATE_MAPPINGS', () => {
    const items = renderStatesSection()
      .split(/\n(?=- )/)
      .filter((item) => /^- \*\*[A-Z]{2} \(/.test(item));
    expect(items).toHaveLength(51);
    for (const j of JURISDICTIONS) {
      const item = items.find((i) => i.startsWith(`- **${j.state} (`));
      expect([j.state, item?.includes('**adapter**')]).toEqual([j.state, Boolean(STATE_MAPPINGS[j.state])]);
    }
  });

  it('refuses a page without the markers instead of writing anywhere', () => {
    expect(() => renderStatesPage('# Lists\n', LISTS_PAGE)).toThrow(STATES_SECTION_START);
    expect(() => renderStatesPage(`${STATES_SECTION_END}\n${STATES_SECTION_START}\n`, LISTS_PAGE)).toThrow(/no .* block/);
  });
});
