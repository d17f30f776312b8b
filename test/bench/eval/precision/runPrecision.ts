import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../../matcher/engine';
import type { Entity, Match } from '../../../../matcher/types';
import { rngFor } from '../../../../infra/dev/synthetic/parties';
import { loadNicknameTable } from '../nicknames';
import type { ListSet } from './listSet';
import { drawRosterPerson } from './ordinaryRoster';
import { PartyWordIndex, SharedWords, nameWords, partyWords } from './sharedWords';

/**
 * The precision evaluation (issue: an ordinary roster comes back clear). Ordinary people and
 * organizations, checked to be on no list, screened against a whole list set (listSet.ts: the
 * demo set, or the full-scale one) the way `POST /v1/screen` screens them. A match is noise when the listed party shares at most one name
 * word with the roster name and neither the NPI nor the date of birth agrees: nothing but one
 * shared word (or a likeness of one) stands behind it.
 */
export interface PrecisionOptions {
  seed: number;
  persons: number;
  organizations: number;
}

export const PRECISION_DEFAULTS: PrecisionOptions = { seed: 20261126, persons: 2_400, organizations: 600 };

export interface NoiseExample {
  roster: string;
  listed: string;
  source: string;
  score: number;
  sharedWords: number;
}

export interface RosterFigures {
  screened: number;
  /** Drawn names dropped because a listed party shares two or more of their words, or is listed under the same name. */
  droppedAsListed: number;
  flaggedOnNoise: number;
  flaggedOnNoiseShare: number;
  clearShare: number;
  matchesPerThousand: number;
  noiseMatchesPerThousand: number;
  /** Noise matches by the number of words of the listed name the match cites. */
  noiseByListedWords: Record<string, number>;
  noiseBySource: Record<string, number>;
  flaggedOnNoiseByCulture?: Record<string, { screened: number; flagged: number }>;
  examples: NoiseExample[];
}

export interface PrecisionReport {
  options: PrecisionOptions;
  scale: ListSet['scale'];
  lists: Record<string, number>;
  persons: RosterFigures;
  organizations: RosterFigures;
  target: { name: string; met: boolean; detail: string };
  timing: { loadMs: number; screenMs: number };
}

const EXAMPLES_KEPT = Number(process.env.PRECISION_EXAMPLES ?? 12);

function fieldMatched(match: Match, field: 'npi' | 'dateOfBirth'): boolean {
  return match.fields.some((f) => f.field === field && f.state === 'matched');
}

/** "KING (listed as KENNETH KING)" → the name the match cites, "KING". */
function citedName(match: Match): string {
  const value = match.fields.find((f) => f.field === 'name')?.listValue ?? '';
  const at = value.indexOf(' (listed as ');
  return at >= 0 ? value.slice(0, at) : value;
}

interface Screened {
  rosterName: string;
  culture?: string;
  matches: Match[];
}

function figuresOf(
  screened: readonly Screened[],
  dropped: number,
  entryOf: (match: Match) => IndexedEntry,
  shared: SharedWords,
): RosterFigures {
  let flaggedOnNoise = 0;
  let clear = 0;
  let matchCount = 0;
  let noiseCount = 0;
  const noiseByListedWords: Record<string, number> = {};
  const noiseBySource: Record<string, number> = {};
  const byCulture: Record<string, { screened: number; flagged: number }> = {};
  const examples: NoiseExample[] = [];
  const partyWordCache = new Map<IndexedEntry, Set<string>>();
  for (const item of screened) {
    const rosterWords = nameWords(item.rosterName);
    if (item.matches.length === 0) clear++;
    matchCount += item.matches.length;
    let noisy = false;
    for (const match of item.matches) {
      const entry = entryOf(match);
      let words = partyWordCache.get(entry);
      if (!words) partyWordCache.set(entry, (words = partyWords(entry)));
      const sharedCount = shared.count(rosterWords, words);
      if (sharedCount > 1 || fieldMatched(match, 'npi') || fieldMatched(match, 'dateOfBirth')) continue;
      noisy = true;
      noiseCount++;
      const cited = nameWords(citedName(match)).length;
      const bucket = cited >= 3 ? '3+' : String(cited);
      noiseByListedWords[bucket] = (noiseByListedWords[bucket] ?? 0) + 1;
      noiseBySource[entry.sourceKey] = (noiseBySource[entry.sourceKey] ?? 0) + 1;
      if (examples.length < EXAMPLES_KEPT) {
        examples.push({
          roster: item.rosterName,
          listed: match.fields[0].listValue ?? '',
          source: entry.sourceKey,
          score: match.score,
          sharedWords: sharedCount,
        });
      }
    }
    if (noisy) flaggedOnNoise++;
    if (item.culture) {
      const culture = (byCulture[item.culture] ??= { screened: 0, flagged: 0 });
      culture.screened++;
      if (noisy) culture.flagged++;
    }
  }
  const n = screened.length;
  return {
    screened: n,
    droppedAsListed: dropped,
    flaggedOnNoise,
    flaggedOnNoiseShare: flaggedOnNoise / n,
    clearShare: clear / n,
    matchesPerThousand: (1000 * matchCount) / n,
    noiseMatchesPerThousand: (1000 * noiseCount) / n,
    noiseByListedWords,
    noiseBySource,
    ...(Object.keys(byCulture).length > 0 ? { flaggedOnNoiseByCulture: byCulture } : {}),
    examples,
  };
}

/** Matches carry provenance, not the entry: find it again by source and cited listed name. */
function entryResolver(entries: readonly IndexedEntry[]): (match: Match) => IndexedEntry {
  const byDisplay = new Map<string, IndexedEntry>();
  for (const entry of entries) {
    const key = `${entry.sourceKey}|${entry.name}`;
    if (!byDisplay.has(key)) byDisplay.set(key, entry);
  }
  return (match) => {
    const value = match.fields.find((f) => f.field === 'name')?.listValue ?? '';
    const listedAs = /\(listed as (.*)\)$/.exec(value);
    const name = listedAs ? listedAs[1] : value;
    const entry = byDisplay.get(`${match.provenance.sourceList}|${name}`);
    if (!entry) throw new Error(`no entry of ${match.provenance.sourceList} named ${name}`);
    return entry;
  };
}

export function runPrecision(
  lists: ListSet,
  options: PrecisionOptions = PRECISION_DEFAULTS,
  progress: (message: string) => void = () => undefined,
): PrecisionReport {
  const loadStart = Date.now();
  progress(`indexing the ${lists.scale} list set (${lists.entries.length} entries)`);
  const index = buildMatcherIndex(lists.entries);
  const registry = (npi: string) => lists.registry.get(npi);
  const loadMs = Date.now() - loadStart;

  const nicknames = loadNicknameTable();
  const personWords = new PartyWordIndex(index.entries, 'person');
  const orgWords = new PartyWordIndex(index.entries, 'organization');
  const personShared = new SharedWords(personWords.words, nicknames);
  const orgShared = new SharedWords(orgWords.words, nicknames);

  progress(`drawing ${options.persons} ordinary persons on no list`);
  const rng = rngFor(options.seed, 'precision-roster');
  const people: { name: string; culture: string }[] = [];
  const seenNames = new Set<string>();
  let personsDropped = 0;
  while (people.length < options.persons) {
    const person = drawRosterPerson(rng);
    if (seenNames.has(person.name)) continue;
    seenNames.add(person.name);
    if (personWords.mostShared(nameWords(person.name), personShared) > 1 || personWords.listsName(person.name)) {
      personsDropped++;
      continue;
    }
    people.push(person);
  }

  progress(`drawing ${options.organizations} ordinary organizations from the NPPES registry, on no list`);
  const listedNpis = new Set(index.byNpi.keys());
  const registryOrgs = [...lists.registry.values()].filter((org) => !listedNpis.has(org.npi)).sort((a, b) => (a.npi < b.npi ? -1 : 1));
  const orgRng = rngFor(options.seed, 'precision-organizations');
  const organizations: { legalName: string; npi: string }[] = [];
  let orgsDropped = 0;
  const taken = new Set<number>();
  while (organizations.length < options.organizations && taken.size < registryOrgs.length) {
    const at = orgRng.int(registryOrgs.length);
    if (taken.has(at)) continue;
    taken.add(at);
    const org = registryOrgs[at];
    const words = [org.legalName, ...org.otherNames].flatMap(nameWords);
    if (orgWords.mostShared(words, orgShared) > 1 || [org.legalName, ...org.otherNames].some((name) => orgWords.listsName(name))) {
      orgsDropped++;
      continue;
    }
    organizations.push({ legalName: org.legalName, npi: org.npi });
  }

  const screenStart = Date.now();
  progress(`screening ${people.length} persons and ${organizations.length} organizations`);
  const screenedPeople: Screened[] = people.map((person) => {
    const entity: Entity = { type: 'person', name: person.name };
    return { rosterName: person.name, culture: person.culture, matches: screenEntity(index, entity, registry).matches };
  });
  const screenedOrgs: Screened[] = organizations.map((org) => {
    const entity: Entity = { type: 'organization', legalName: org.legalName, npi: org.npi };
    return { rosterName: org.legalName, matches: screenEntity(index, entity, registry).matches };
  });
  const screenMs = Date.now() - screenStart;

  const resolve = entryResolver(index.entries);
  const persons = figuresOf(screenedPeople, personsDropped, resolve, personShared);
  const orgs = figuresOf(screenedOrgs, orgsDropped, resolve, orgShared);
  const limit = 0.005;
  return {
    options,
    scale: lists.scale,
    lists: lists.bySource,
    persons,
    organizations: orgs,
    target: {
      name: '<= 0.5% of ordinary roster persons flagged on noise alone',
      met: persons.flaggedOnNoiseShare <= limit,
      detail: `${(persons.flaggedOnNoiseShare * 100).toFixed(2)}% (${persons.flaggedOnNoise} of ${persons.screened})`,
    },
    timing: { loadMs, screenMs },
  };
}

function pct(share: number): string {
  return `${(share * 100).toFixed(2)}%`;
}

function figuresLines(label: string, f: RosterFigures): string[] {
  const lines = [
    `${label}: ${f.screened} screened (${f.droppedAsListed} drawn names dropped: a listed party shares two or more of their words, or is listed under the same name)`,
    `  flagged on noise alone: ${pct(f.flaggedOnNoiseShare)} (${f.flaggedOnNoise})   clear: ${pct(f.clearShare)}   ` +
      `matches per 1,000: ${f.matchesPerThousand.toFixed(1)} (noise ${f.noiseMatchesPerThousand.toFixed(1)})`,
    `  noise matches by words of the cited listed name: ${JSON.stringify(f.noiseByListedWords)}; by list: ${JSON.stringify(f.noiseBySource)}`,
  ];
  if (f.flaggedOnNoiseByCulture) {
    lines.push(
      `  flagged on noise by culture: ${Object.entries(f.flaggedOnNoiseByCulture)
        .map(([c, v]) => `${c} ${v.flagged}/${v.screened}`)
        .join(', ')}`,
    );
  }
  for (const e of f.examples) lines.push(`    ${e.roster} → ${e.listed} [${e.source}] ${e.score} (${e.sharedWords} shared)`);
  return lines;
}

export function formatPrecision(report: PrecisionReport): string {
  return [
    `Precision on an ordinary roster (seed ${report.options.seed}) against the ${report.scale} lists: ${Object.entries(report.lists)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...figuresLines('Persons', report.persons),
    ...figuresLines('Organizations (NPPES registry organizations, screened with their NPI)', report.organizations),
    `[${report.target.met ? 'met' : 'NOT MET'}] ${report.target.name}: ${report.target.detail}`,
    `lists indexed in ${(report.timing.loadMs / 1000).toFixed(1)} s; screened in ${(report.timing.screenMs / 1000).toFixed(1)} s`,
  ].join('\n');
}
