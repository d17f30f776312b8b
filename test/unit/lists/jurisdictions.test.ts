import { isStale, pollEveryFor, staleAfterMs, type Cadence } from '../../../activities/lists/sources/cadence';
import { SOURCE_DESCRIPTIONS, stateGaps } from '../../../activities/lists/sources/descriptions';
import { fetchedBy } from '../../../activities/lists/fetch/mode';
import { isAutomatic, type FetchRecipe } from '../../../activities/lists/sources/recipe';
import { recipeFor } from '../../../activities/lists/sources/recipes';
import { STATE_MAPPINGS } from '../../../activities/lists/sources/states';
import { JURISDICTIONS, LEIE_RELIANT_STATES } from '../../../activities/lists/sources/states/jurisdictions';
import { MEDICAID_JURISDICTIONS, STATE_NAMES } from '../../../activities/lists/sources/usps';
import { renderStatesSection } from '../../../infra/dev/statesSection';

const DAY = 86_400_000;

describe('the jurisdictions table', () => {
  it('has exactly one entry for each of the 51 Medicaid jurisdictions', () => {
    const codes = JURISDICTIONS.map((j) => j.state);
    expect(codes).toHaveLength(51);
    expect(new Set(codes).size).toBe(51);
    expect([...codes].sort()).toEqual([...MEDICAID_JURISDICTIONS].sort());
  });

  it.each(JURISDICTIONS.map((j) => [j.state, j] as const))('%s names its sources, agency and an actionable gap reason', (_, j) => {
    expect(j.sources.length).toBeGreaterThan(0);
    for (const url of j.sources) expect(url).toMatch(/^https:\/\/\S+$/);
    expect(j.agency.trim()).not.toBe('');
    expect(j.cadence.statement.trim()).not.toBe('');
    expect(j.gapReason.trim()).not.toBe('');
    if (j.listUrl !== null) expect(j.listUrl).toMatch(/^https?:\/\/\S+$/);
    // A state without an adapter must tell the reader what to do: screen by hand somewhere, or nothing beyond the LEIE.
    expect(j.gapReason).toMatch(j.kind === 'leie_reliant' ? /relies on the HHS-OIG LEIE/ : /screen (both )?by hand/);
  });

  it('keeps the kinds consistent with what is known of each list', () => {
    for (const j of JURISDICTIONS) {
      if (j.kind === 'leie_reliant')
        expect({ state: j.state, format: j.format, listName: j.listName }).toEqual({ state: j.state, format: 'none', listName: null });
      if (j.kind === 'separate_list')
        expect([j.state, j.listUrl && j.format !== 'unconfirmed' && j.format !== 'none']).toEqual([j.state, true]);
      if (j.kind === 'unconfirmed') expect([j.state, j.format]).toEqual([j.state, 'unconfirmed']);
    }
    expect([...LEIE_RELIANT_STATES].sort()).toEqual(['NM', 'OK', 'RI', 'SD', 'UT', 'VA', 'WI']);
  });

  it('has a list of its own, with a known format, for every state that has an adapter', () => {
    for (const state of Object.keys(STATE_MAPPINGS)) {
      const j = JURISDICTIONS.find((e) => e.state === state);
      expect([state, j?.kind]).toEqual([state, 'separate_list']);
    }
  });
});

describe('how each list is obtained', () => {
  const RESEARCHED = ['AL', 'CT', 'FL', 'ID', 'IL', 'OR', 'TX', 'VT'];
  const recipeOf = (state: string): FetchRecipe => recipeFor(`state_${state.toLowerCase()}`)!;

  it.each(RESEARCHED)('%s says how its file is obtained, and what an operator does when a scheduled fetch cannot get it', (state) => {
    const recipe = recipeOf(state);
    expect(recipe.retrieval).toBeDefined();
    if (!isAutomatic(recipe)) expect(recipe.retrieval).toContain(`screenctl lists ingest state_${state.toLowerCase()} <file>`);
    // Where the fact was read: a crawler, a request issue, or an older importer.
    const j = JURISDICTIONS.find((e) => e.state === state)!;
    expect(j.sources.some((url) => /github\.com\/(opensanctions|rommelpascualsv)\//.test(url))).toBe(true);
  });

  it('fetches AL (its Excel Version link) and OR (a plain SOAP request) on a schedule among them, the others by hand', () => {
    expect(RESEARCHED.filter((state) => isAutomatic(recipeOf(state)))).toEqual(['AL', 'OR']);
  });

  it("says in each state's Status that a fetch is scheduled exactly where GET /v1/lists says it is fetched from its publisher", () => {
    const env = { LIST_FETCH: 'publishers' };
    const section = renderStatesSection();
    for (const state of RESEARCHED) {
      const item = section.split('\n- ').find((line) => line.startsWith(`**${state} (`))!;
      const scheduled = fetchedBy(`state_${state.toLowerCase()}`, env) === 'publisher';
      expect([state, item.includes('scheduled fetch works'), item.includes('**manual**: no scheduled fetch')]).toEqual([
        state,
        scheduled,
        !scheduled,
      ]);
    }
  });

  it('says of IL that its only crawler is an unmerged pull request driving a browser on a Dynamics 365 portal', () => {
    const il = JURISDICTIONS.find((e) => e.state === 'IL')!;
    expect(il.sources).toContain('https://github.com/opensanctions/opensanctions/pull/1682');
    expect(recipeOf('IL').retrieval).toMatch(/unmerged .*pull request/);
    expect(recipeOf('IL').retrieval).toMatch(/Dynamics 365 portal/);
  });
});

describe('state gaps (GET /v1/lists `gaps`)', () => {
  it('are only the seven states that keep no list of their own, each saying it relies on the LEIE, with evidence', () => {
    const gaps = stateGaps();
    expect(gaps.map((g) => g.state).sort()).toEqual(['NM', 'OK', 'RI', 'SD', 'UT', 'VA', 'WI']);
    for (const gap of gaps) {
      expect(gap).toMatchObject({ reliesOnLeie: true });
      expect(gap.reason).toMatch(/relies on the HHS-OIG LEIE/);
      expect(JURISDICTIONS.find((j) => j.state === gap.state)!.sources.length).toBeGreaterThan(0);
    }
    expect(Object.keys(STATE_MAPPINGS).filter((state) => state !== 'DC')).toHaveLength(43);
    expect(STATE_MAPPINGS.DC).toBeDefined();
  });

  it('lists every jurisdiction without an adapter, with the reason from the table, and none with one', () => {
    const gaps = stateGaps();
    const expected = JURISDICTIONS.filter((j) => !STATE_MAPPINGS[j.state]);
    expect(gaps.map((g) => g.state).sort()).toEqual(expected.map((j) => j.state).sort());
    for (const j of expected) {
      const gap = gaps.find((g) => g.state === j.state);
      expect(gap).toEqual({
        key: `state_${j.state.toLowerCase()}`,
        name: j.listName ?? `${STATE_NAMES[j.state]} Medicaid exclusion list`,
        reason: `${STATE_NAMES[j.state]} ${j.gapReason}`,
        state: j.state,
        reliesOnLeie: j.kind === 'leie_reliant',
      });
    }
  });
});

describe('state source descriptions follow the table', () => {
  it.each(Object.keys(STATE_MAPPINGS))(
    '%s takes its name, publisher URL and cadence from the table and polls at least as often',
    (state) => {
      const j = JURISDICTIONS.find((e) => e.state === state)!;
      const source = SOURCE_DESCRIPTIONS.find((s) => s.state === state)!;
      expect(source).toMatchObject({
        name: j.listName,
        publisherUrl: j.listUrl,
        cadence: j.cadence.period,
        pollEvery: pollEveryFor(j.cadence.period),
      });
      expect(source.cadenceLabel.toLowerCase()).toContain(j.cadence.statement.toLowerCase());
    },
  );
});

describe('the stale rule: content unchanged for more than twice its cadence', () => {
  const asOf = new Date('2026-11-26T12:00:00Z');
  const changed = (daysAgo: number): Date => new Date(asOf.getTime() - daysAgo * DAY);

  it.each<[Cadence, number]>([
    ['daily', 2],
    ['weekly', 14],
    ['monthly', 62],
    ['quarterly', 184],
    ['irregular', 62],
  ])('%s: stale only after %d days without a change', (cadence, days) => {
    expect(staleAfterMs(cadence)).toBe(days * DAY);
    expect(isStale(cadence, changed(days), asOf)).toBe(false);
    expect(isStale(cadence, new Date(changed(days).getTime() - 1), asOf)).toBe(true);
    expect(isStale(cadence, changed(0), asOf)).toBe(false);
  });

  it('never marks an on_change source stale', () => {
    expect(staleAfterMs('on_change')).toBeNull();
    expect(isStale('on_change', changed(10_000), asOf)).toBe(false);
  });

  it.each<Cadence>(['daily', 'weekly', 'monthly', 'quarterly', 'irregular', 'on_change'])('%s is polled at least daily', (cadence) => {
    const every = pollEveryFor(cadence);
    const ms = Number.parseInt(every, 10) * (every.endsWith('h') ? 3_600_000 : DAY);
    expect(ms).toBeLessThanOrEqual(DAY);
    const bound = staleAfterMs(cadence);
    if (bound !== null) expect(ms).toBeLessThan(bound / 2);
  });
});
