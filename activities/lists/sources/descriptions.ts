/**
 * What each list source is (name, kind, state, cadence, publisher, coverage group) and which
 * jurisdictions have none, without the adapters that parse its artifacts (catalog.ts binds those):
 * the coverage report reads this without loading the parsers (exceljs, yauzl, csv-parse).
 */
import { STATE_MAPPINGS } from './states';
import { MEDICAID_JURISDICTIONS, STATE_NAMES } from './usps';

export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'on_change' | 'irregular';

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

const STATE_LIST_NAMES: Record<string, string> = {
  CA: 'California Medi-Cal Suspended and Ineligible Provider List',
  PA: 'Pennsylvania DHS Medicheck Precluded Providers List',
  LA: 'Louisiana LDH Exclusion Database',
  AR: 'Arkansas Medicaid Excluded Providers List',
  WA: 'Washington HCA Provider Termination and Exclusion List',
  NC: 'North Carolina Medicaid State Excluded Provider List',
  OH: 'Ohio Medicaid Provider Exclusion and Suspension List',
  GA: 'Georgia Medicaid OIG Exclusions List',
  MD: 'Maryland Medicaid Sanctioned Provider List',
  CO: 'Colorado HCPF Provider Termination List',
  NY: 'New York OMIG Exclusion List',
  SC: 'South Carolina SCDHHS Excluded Providers List',
};

const STATE_CADENCE_LABEL = 'Irregular, updated as actions occur; polled weekly and compared by content hash';

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
  ...Object.values(STATE_MAPPINGS).map((mapping): SourceDescription => ({
    key: `state_${mapping.state.toLowerCase()}`,
    name: STATE_LIST_NAMES[mapping.state] ?? `${STATE_NAMES[mapping.state]} Medicaid exclusion list`,
    kind: 'state',
    state: mapping.state,
    cadence: 'irregular',
    cadenceLabel: STATE_CADENCE_LABEL,
    pollEvery: '7d',
    publisherUrl: null,
    coverageGroup: 'sources',
    removalLimit: {
      maxRemovedShare: 0.25,
      reason:
        'state lists are small and edited by hand, and some states purge reinstated or expired providers in batches, so a weekly poll can see a large share go',
    },
  })),
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

/** The seven states that keep no separate Medicaid exclusion list and rely on the LEIE (data-sources.md §3.1). */
export const LEIE_RELIANT_STATES = ['NM', 'OK', 'RI', 'SD', 'UT', 'VA', 'WI'] as const;

const STATE_GAP_DETAIL: Record<string, string> = {
  AK: 'publishes a PDF list; no PDF adapter yet',
  AL: 'publishes a PDF list; no adapter yet',
  AZ: 'publishes a PDF table; no PDF adapter yet',
  DE: 'publishes a PDF list; no PDF adapter yet',
  NE: 'publishes a coded PDF list; no PDF adapter yet',
  NJ: 'publishes a PDF debarment report; no PDF adapter yet',
  TN: 'publishes a PDF list; no PDF adapter yet',
  WV: 'publishes a PDF list; no PDF adapter yet',
  TX: 'publishes a legacy .xls behind a geofenced form; no adapter yet',
  IL: 'publishes an XLSX from a Dynamics portal; no adapter yet',
  KY: 'publishes an XLSX list; no adapter yet',
  MA: 'publishes an XLSX list; no adapter yet',
  MI: 'publishes an XLSX list; no adapter yet',
  MN: 'publishes two XLSX lists; no adapter yet',
  MO: 'publishes an XLSX list; no adapter yet',
  NH: 'publishes an XLSX list; no adapter yet',
  FL: 'publishes a sanctioned-provider list in an unconfirmed format; no adapter yet',
  DC: 'publishes an exclusion list in an unverified format; no adapter yet',
  WY: 'publishes an exclusion list in an unverified format; no adapter yet',
  OR: 'whether a separate list exists is not confirmed; not screened',
  VT: 'whether a separate list exists is not confirmed; not screened',
};

interface CatalogGap {
  key: string;
  name: string;
  reason: string;
  state: string;
  reliesOnLeie: boolean;
}

/** Every Medicaid jurisdiction without a state adapter, and why. */
export function stateGaps(): CatalogGap[] {
  return MEDICAID_JURISDICTIONS.filter((st) => !STATE_MAPPINGS[st]).map((st) => {
    const reliesOnLeie = (LEIE_RELIANT_STATES as readonly string[]).includes(st);
    const reason = reliesOnLeie
      ? `${STATE_NAMES[st]} keeps no separate Medicaid exclusion list and relies on the HHS-OIG LEIE`
      : `${STATE_NAMES[st]} ${STATE_GAP_DETAIL[st] ?? 'is listed by vendors as keeping a list whose format is not checked; no adapter yet'}`;
    return { key: `state_${st.toLowerCase()}`, name: `${STATE_NAMES[st]} Medicaid exclusion list`, reason, state: st, reliesOnLeie };
  });
}
