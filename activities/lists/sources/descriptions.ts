/**
 * What each list source is (name, kind, state, cadence, publisher, coverage group) and which
 * jurisdictions have none, without the adapters that parse its artifacts (catalog.ts binds those):
 * the coverage report reads this without loading the parsers (exceljs, yauzl, csv-parse).
 */
import { pollEveryFor, staleAfterMs, type Cadence } from './cadence';
import { STATE_MAPPINGS } from './states';
import { jurisdiction, type Jurisdiction } from './states/jurisdictions';
import { MEDICAID_JURISDICTIONS, STATE_NAMES } from './usps';

export type { Cadence } from './cadence';
export { LEIE_RELIANT_STATES } from './states/jurisdictions';

export interface SourceDescription {
  key: string;
  name: string;
  kind: 'federal' | 'state' | 'registry';
  state: string | null;
  cadence: Cadence;
  cadenceLabel: string;
  /** How often the schedule polls the artifact location (content hashes skip unchanged artifacts). */
  pollEvery: string;
  /** Where the publisher serves the artifact (documentation; the configured location is what is fetched). */
  publisherUrl: string | null;
  /** `sources` (healthcare exclusion lists), `additional` (government-wide lists) or `registry`. */
  coverageGroup: 'sources' | 'additional' | 'registry';
  /** The most of the current version a full artifact may remove before it is taken for a cut file (refused unless forced). */
  removalLimit: RemovalLimit;
}

export interface RemovalLimit {
  /** Share of the current version's entries. */
  maxRemovedShare: number;
  /** Why this share: what an ordinary release of this publisher removes. */
  reason: string;
}

/** A state list's cadence as the coverage page and the schedule memo show it. */
function stateCadenceLabel(j: Jurisdiction): string {
  const cadence = j.cadence.published ? j.cadence.statement : `Cadence ${j.cadence.statement}`;
  const stale = staleAfterMs(j.cadence.period);
  const bound = stale === null ? 'never stale' : `stale after ${stale / 86_400_000} days without a change`;
  return `${cadence[0].toUpperCase()}${cadence.slice(1)}; polled every ${pollEveryFor(j.cadence.period)}, compared by content hash, ${bound}`;
}

export const SOURCE_DESCRIPTIONS: readonly SourceDescription[] = [
  {
    key: 'oig_leie',
    name: 'HHS-OIG List of Excluded Individuals/Entities (LEIE)',
    kind: 'federal',
    state: null,
    cadence: 'monthly',
    cadenceLabel: 'Monthly, usually by the 10th',
    pollEvery: '1d',
    publisherUrl: 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv',
    coverageGroup: 'sources',
    removalLimit: {
      maxRemovedShare: 0.05,
      reason: 'a month removes only its reinstatements and waivers, well under 1% of about 80,000 entries; a full file missing more is cut',
    },
  },
  {
    key: 'sam_exclusions',
    name: 'SAM.gov Exclusions (public extract V2)',
    kind: 'federal',
    state: null,
    cadence: 'daily',
    cadenceLabel: 'Daily, 7 days a week',
    pollEvery: '1d',
    publisherUrl: 'https://sam.gov/data-services/Exclusions/Public%20V2',
    coverageGroup: 'additional',
    removalLimit: {
      maxRemovedShare: 0.05,
      reason:
        'a daily extract drops the exclusions that expired or were lifted that day, a fraction of a percent; a week of missed polls stays far below 5%',
    },
  },
  ...Object.values(STATE_MAPPINGS).map((mapping): SourceDescription => {
    const j = jurisdiction(mapping.state);
    return {
      key: `state_${mapping.state.toLowerCase()}`,
      name: j.listName ?? `${STATE_NAMES[mapping.state]} Medicaid exclusion list`,
      kind: 'state',
      state: mapping.state,
      cadence: j.cadence.period,
      cadenceLabel: stateCadenceLabel(j),
      pollEvery: pollEveryFor(j.cadence.period),
      publisherUrl: j.listUrl,
      coverageGroup: 'sources',
      removalLimit: {
        maxRemovedShare: 0.25,
        reason:
          'state lists are small and edited by hand, and some states purge reinstated or expired providers in batches, so one release can remove a large share',
      },
    };
  }),
  {
    key: 'nppes',
    name: 'CMS NPPES NPI Registry (organizations)',
    kind: 'registry',
    state: null,
    cadence: 'monthly',
    cadenceLabel: 'Monthly full file, released around the 2nd Monday',
    pollEvery: '1d',
    publisherUrl: 'https://download.cms.gov/nppes/NPI_Files.html',
    coverageGroup: 'registry',
    removalLimit: {
      maxRemovedShare: 0.05,
      reason:
        'organizations leave the monthly file only when their NPI is deactivated, a few thousand a month of about two million; losing more than 5% means the file is cut',
    },
  },
];

export function findSourceDescription(key: string): SourceDescription | undefined {
  return SOURCE_DESCRIPTIONS.find((s) => s.key === key);
}

/** `LIST_ARTIFACT_<KEY>` (e.g. LIST_ARTIFACT_OIG_LEIE): a file path or an http(s) URL. */
function artifactEnvName(key: string): string {
  return `LIST_ARTIFACT_${key.toUpperCase()}`;
}

export function artifactLocation(key: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env[artifactEnvName(key)];
  return value && value.trim() ? value.trim() : null;
}

/** `LIST_SOURCES_DISABLED`: comma-separated source keys that are switched off. */
export function isSourceEnabled(key: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return !(env.LIST_SOURCES_DISABLED ?? '')
    .split(',')
    .map((k) => k.trim())
    .includes(key);
}

interface CatalogGap {
  key: string;
  name: string;
  reason: string;
  state: string;
  reliesOnLeie: boolean;
}

/** Every Medicaid jurisdiction without a state adapter, and what to do about it (states/jurisdictions.ts). */
export function stateGaps(): CatalogGap[] {
  return MEDICAID_JURISDICTIONS.filter((st) => !STATE_MAPPINGS[st]).map((st) => {
    const j = jurisdiction(st);
    return {
      key: `state_${st.toLowerCase()}`,
      name: j.listName ?? `${STATE_NAMES[st]} Medicaid exclusion list`,
      reason: `${STATE_NAMES[st]} ${j.gapReason}`,
      state: st,
      reliesOnLeie: j.kind === 'leie_reliant',
    };
  });
}
