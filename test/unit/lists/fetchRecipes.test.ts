import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SOURCE_DESCRIPTIONS } from '../../../activities/lists/sources/descriptions';
import { FETCH_RECIPES } from '../../../activities/lists/sources/recipes';
import { fetchedBy } from '../../../activities/lists/fetch/mode';
import { FETCH_SECTION_END, FETCH_SECTION_START, renderFetchPage } from '../../../infra/dev/fetchSection';

const LISTS_PAGE = resolve(__dirname, '../../../docs/lists.md');

describe('fetch recipes', () => {
  it('exist for every catalog source (a new source adds its entry to recipes.ts), and for no other key', () => {
    expect(Object.keys(FETCH_RECIPES).sort()).toEqual(SOURCE_DESCRIPTIONS.map((s) => s.key).sort());
  });

  it('each say what they rely on; a manual one says why it cannot be fetched unattended and where to download it', () => {
    for (const [key, recipe] of Object.entries(FETCH_RECIPES)) {
      expect([key, recipe.reliedOn.length > 10]).toEqual([key, true]);
      if (recipe.kind === 'manual') expect([key, recipe.reason.length > 20, /^https:\/\//.test(recipe.page)]).toEqual([key, true, true]);
    }
  });

  it('address publishers over https and hold link rules that compile', () => {
    for (const [key, recipe] of Object.entries(FETCH_RECIPES)) {
      const address = recipe.kind === 'landing_page' || recipe.kind === 'manual' ? recipe.page : recipe.url;
      expect([key, new URL(address).protocol]).toEqual([key, 'https:']);
      if (recipe.kind === 'landing_page')
        for (const rule of recipe.follow)
          for (const pattern of [rule.text, rule.href, rule.attribute?.pattern])
            if (pattern) expect(() => new RegExp(pattern, 'i')).not.toThrow();
    }
  });

  it('schedule every source with an automatic recipe in production, and none under npm start or npm test, LIST_ARTIFACT_<KEY> aside', () => {
    expect(fetchedBy('state_ny', { NODE_ENV: 'production' })).toBe('publisher');
    expect(fetchedBy('sam_exclusions', { NODE_ENV: 'production' })).toBe('publisher');
    expect(fetchedBy('state_wv', { NODE_ENV: 'production' })).toBe('by_hand');
    expect(fetchedBy('state_ny', { NODE_ENV: 'production', LIST_FETCH: 'off' })).toBe('by_hand');
    expect(fetchedBy('oig_leie', {})).toBe('by_hand');
    expect(fetchedBy('oig_leie', { NODE_ENV: 'test' })).toBe('by_hand');
    expect(fetchedBy('state_wv', { LIST_ARTIFACT_STATE_WV: '/srv/lists/wv.pdf' })).toBe('publisher');
  });

  it('are the docs/lists.md list `npm run docs:states` generates (run it after adding or changing a recipe)', () => {
    const page = readFileSync(LISTS_PAGE, 'utf8');
    expect(page).toContain(FETCH_SECTION_START);
    expect(page).toContain(FETCH_SECTION_END);
    expect(renderFetchPage(page, LISTS_PAGE)).toBe(page);
  });
});
