import type { CoverageView } from '../../../activities/lists/coverage';
import { renderCoveragePage } from '../../../gateway/pages/coveragePage';
import { formatAge } from '../../../gateway/pages/format';

const DAY = 86_400_000;

function view(overrides: Partial<CoverageView['report']> = {}, freshness: CoverageView['freshness'] = {}): CoverageView {
  const result: CoverageView = {
    report: {
      sources: [
        {
          key: 'oig_leie',
          name: 'HHS-OIG LEIE',
          listVersionId: 'v-leie',
          retrievedAt: '2026-10-01T00:00:00.000Z',
          cadence: 'monthly',
          cadenceLabel: 'Monthly',
          status: 'live',
          contentChangedAt: '2026-10-01T00:00:00.000Z',
          fetchedBy: 'publisher',
        },
      ],
      additionalSources: [],
      registrySources: [
        {
          sourceKey: 'NPPES',
          scope: 'organization_registry',
          excludedFromMedicaidDenominator: true,
          status: 'unavailable',
          versionId: null,
          retrievedAt: null,
          artifactRetrievedAt: null,
          sourceUrl: null,
          periodEnd: null,
          organizationCount: 0,
          artifactChecksum: null,
          type1PublicPagesEnabled: false,
        },
      ],
      gaps: [],
      totals: { screened: 8, total: 51 },
      asOf: '2026-11-25T00:00:00.000Z',
      ...overrides,
    },
    freshness: { oig_leie: { entryCount: 81234, ageMs: 70 * DAY, allowedAgeMs: 62 * DAY, stale: true }, ...freshness },
  };
  // The report's status and the freshness come from one read in buildCoverageView: keep them agreeing.
  const stale = (key: string) => result.freshness[key]?.stale === true;
  result.report.sources = result.report.sources.map((s) => ({ ...s, status: stale(s.key) ? 'stale' : 'live' }));
  return result;
}

describe('coverage page rendering', () => {
  it('marks a list whose content stayed unchanged for more than twice its cadence as stale, with both spans', () => {
    const page = renderCoveragePage(view());
    expect(page).toMatch(/<tr data-source="oig_leie" class="is-stale">/);
    expect(page).toContain('data-field="age" data-changed-at="2026-10-01T00:00:00.000Z">70 days</td>');
    expect(page).toContain('content unchanged for more than twice its cadence (62 days)');
    expect(page).toContain('data-value="81234">81,234</td>');
    expect(page).toContain('1 stale version');
  });

  it('marks a fresh version current', () => {
    const page = renderCoveragePage(view({}, { oig_leie: { entryCount: 5, ageMs: 3 * 3_600_000, allowedAgeMs: 62 * DAY, stale: false } }));
    expect(page).toContain('<span class="badge live">Current</span>');
    expect(page).toContain('3 hours');
    expect(page).not.toContain('is-stale');
  });

  it('says a list is stale because its publisher could not be fetched, and how each list is fetched', () => {
    const page = renderCoveragePage(
      view(
        {},
        { oig_leie: { entryCount: 5, ageMs: 3 * DAY, allowedAgeMs: 62 * DAY, fetchFailingSince: '2026-09-01T00:00:00.000Z', stale: true } },
      ),
    );
    expect(page).toMatch(/its publisher could not be fetched since .*2026.*, longer than its cadence allows/);
    expect(page).toContain('data-field="fetchedBy" data-value="publisher">from its publisher, on a schedule</td>');
  });

  it('shows every gap with its reason', () => {
    const gaps = [
      {
        key: 'state_tx',
        name: 'Texas HHSC OIG Medicaid Provider Exclusions',
        reason: 'Texas publishes a legacy .xls; screen by hand at https://x',
      },
      { key: 'state_nm', name: 'New Mexico Medicaid exclusion list', reason: 'New Mexico relies on the HHS-OIG LEIE' },
    ];
    const page = renderCoveragePage(view({ gaps }));
    for (const gap of gaps) {
      expect(page).toContain(
        `<tr data-gap="${gap.key}"><th scope="row" data-field="name">${gap.name}</th><td data-field="reason">${gap.reason}</td></tr>`,
      );
    }
  });

  it('escapes every text it takes from the report', () => {
    const page = renderCoveragePage(
      view({ gaps: [{ key: 'state_x"><script>', name: '<img src=x onerror=alert(1)>', reason: 'a & b < c' }] }),
    );
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('a &amp; b &lt; c');
  });

  it('says so when no list version is published yet', () => {
    expect(renderCoveragePage(view({ sources: [] }, {}))).toContain('No list version has been published yet');
  });
});

describe('formatAge', () => {
  it.each([
    [30_000, 'less than a minute'],
    [60_000, '1 minute'],
    [2 * 3_600_000 + 5, '2 hours'],
    [DAY, '1 day'],
    [400 * DAY, '400 days'],
  ])('%d ms is "%s"', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});
