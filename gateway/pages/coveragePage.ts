import type { CoverageView, VersionFreshness } from '../../activities/lists/coverage';
import { html, type Html } from './html';
import { layout } from './layout';
import { formatAge, formatCount, formatUtc } from './format';

type CoverageSource = CoverageView['report']['sources'][number];
type RegistrySource = CoverageView['report']['registrySources'][number];

/**
 * The in-app coverage page: the same view GET /v1/lists is cut from, so both agree at one moment.
 * Every figure carries `data-field` (and its row `data-source`) so a test can read it back.
 */
export function renderCoveragePage(view: CoverageView): string {
  const { report, freshness } = view;
  const lists = [...report.sources, ...report.additionalSources];
  const stale = Object.values(freshness).filter((f) => f.stale).length;
  const main = html`
<h1>List coverage</h1>
<p class="lede">Which exclusion lists every screening is checked against, the list version in use, and where coverage has gaps.
As of <time data-field="asOf" datetime="${report.asOf}">${formatUtc(report.asOf)}</time>.
The same figures are available as JSON from <code>GET /v1/lists</code>.</p>

<section aria-labelledby="totals-h" class="totals">
  <h2 id="totals-h">Medicaid jurisdictions screened</h2>
  <p><strong data-field="totals.screened">${report.totals.screened}</strong> of
  <strong data-field="totals.total">${report.totals.total}</strong> (50 states and DC)
  ${stale > 0 ? html`· <span class="badge stale">${stale} stale ${stale === 1 ? 'version' : 'versions'}</span>` : ''}</p>
</section>

<section aria-labelledby="lists-h">
  <h2 id="lists-h">Exclusion lists</h2>
  ${
    lists.length === 0
      ? html`<p>No list version has been published yet: every screening is <em>clear</em> against nothing. See the gaps below.</p>`
      : html`<div class="scroll" tabindex="0" role="region" aria-labelledby="lists-h"><table class="stack">
    <thead><tr><th scope="col">Source</th><th scope="col">Cadence</th><th scope="col">List version</th><th scope="col">Retrieved</th>
    <th scope="col">Unchanged for</th><th scope="col" class="num">Rows</th><th scope="col">Status</th><th scope="col">Fetched</th></tr></thead>
    <tbody>${lists.map((s) => listRow(s, freshness[s.key]))}</tbody>
  </table></div>`
  }
</section>

<section aria-labelledby="registry-h">
  <h2 id="registry-h">Organization registry</h2>
  <p>The NPPES registry identifies organizations by NPI. It is not an exclusion list and never counts as Medicaid coverage.</p>
  ${report.registrySources.map((r) => registryBlock(r, freshness.nppes))}
</section>

<section aria-labelledby="gaps-h">
  <h2 id="gaps-h">Gaps</h2>
  ${
    report.gaps.length === 0
      ? html`<p>None.</p>`
      : html`<div class="scroll" tabindex="0" role="region" aria-labelledby="gaps-h"><table>
    <thead><tr><th scope="col">Source</th><th scope="col">Reason</th></tr></thead>
    <tbody>${report.gaps.map((g) => html`<tr data-gap="${g.key}"><th scope="row" data-field="name">${g.name}</th><td data-field="reason">${g.reason}</td></tr>`)}</tbody>
  </table></div>`
  }
</section>`;
  return layout({ page: 'coverage', title: 'List coverage', main });
}

function staleNote(f: VersionFreshness): Html {
  if (f.fetchFailingSince && !(f.allowedAgeMs !== null && f.ageMs > f.allowedAgeMs))
    return html`<span class="note">its publisher could not be fetched since ${formatUtc(f.fetchFailingSince)}, longer than its cadence allows</span>`;
  return html`<span class="note">content unchanged for more than twice its cadence (${formatAge(f.allowedAgeMs ?? 0)})</span>`;
}

function statusCell(s: CoverageSource, f: VersionFreshness | undefined): Html {
  if (!f) return html`<td data-label="Status" data-field="status">Unknown</td>`;
  if (s.status === 'stale') {
    return html`<td data-label="Status" data-field="status" data-value="stale"><span class="badge stale">Stale</span>
      ${staleNote(f)}</td>`;
  }
  return html`<td data-label="Status" data-field="status" data-value="live"><span class="badge live">Current</span></td>`;
}

function listRow(s: CoverageSource, f: VersionFreshness | undefined): Html {
  return html`<tr data-source="${s.key}"${s.status === 'stale' ? html` class="is-stale"` : ''}>
  <th scope="row" data-field="name">${s.name}</th>
  <td data-label="Cadence" data-field="cadenceLabel" data-cadence="${s.cadence}">${s.cadenceLabel}</td>
  <td data-label="List version"><code data-field="listVersionId">${s.listVersionId}</code></td>
  <td data-label="Retrieved"><time data-field="retrievedAt" datetime="${s.retrievedAt}">${formatUtc(s.retrievedAt)}</time></td>
  <td data-label="Unchanged for" data-field="age" data-changed-at="${s.contentChangedAt}">${f ? formatAge(f.ageMs) : ''}</td>
  <td data-label="Rows" class="num" data-field="entryCount" data-value="${f?.entryCount ?? ''}">${f ? formatCount(f.entryCount) : ''}</td>
  ${statusCell(s, f)}
  <td data-label="Fetched" data-field="fetchedBy" data-value="${s.fetchedBy}">${
    s.fetchedBy === 'publisher' ? 'from its publisher, on a schedule' : 'by hand (screenctl lists ingest)'
  }</td>
</tr>`;
}

function registryBlock(r: RegistrySource, f: VersionFreshness | undefined): Html {
  const rows: [string, string, Html | string][] = [
    [
      'status',
      'Status',
      html`<span class="badge ${r.status === 'live' ? 'live' : 'stale'}">${r.status}</span>${f?.stale ? html` <span class="note">content unchanged for ${formatAge(f.ageMs)}, more than twice its cadence (${formatAge(f.allowedAgeMs ?? 0)})</span>` : ''}`,
    ],
    ['versionId', 'Registry version', r.versionId ? html`<code>${r.versionId}</code>` : 'none'],
    [
      'retrievedAt',
      'Retrieved',
      r.retrievedAt
        ? html`<time datetime="${r.retrievedAt}">${formatUtc(r.retrievedAt)}</time>${f ? ` (${formatAge(f.ageMs)} ago)` : ''}`
        : 'never',
    ],
    ['periodEnd', 'File period ends', r.periodEnd ?? 'unknown'],
    ['organizationCount', 'Organizations', formatCount(r.organizationCount)],
    ['sourceUrl', 'Source', r.sourceUrl ?? 'none'],
  ];
  return html`<dl class="facts" data-source="nppes">${rows.map(
    ([field, label, value]) => html`<div><dt>${label}</dt><dd data-field="${field}" data-value="${rawValue(r, field)}">${value}</dd></div>`,
  )}</dl>`;
}

function rawValue(r: RegistrySource, field: string): string {
  const value = (r as unknown as Record<string, unknown>)[field];
  return value === null || value === undefined ? '' : String(value);
}
