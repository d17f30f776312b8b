import { CandidateFinder, DEFAULT_CANDIDATE_LIMIT } from './index/candidates';
import { compactNames } from './index/compactNames';
import { ListedShapes, keyHash } from './index/listedShapes';
import { TokenIndex } from './index/tokenIndex';
import { loadKnownNames } from './normalize/knownNames';
import type { NormalizedName } from './normalize/name';
import { normalizeOrgName, type NormalizedOrgName } from './normalize/orgName';
import { normalizePersonName, normalizePersonParts } from './normalize/personName';
import { corroborate, finalScore, npiDigits, prepareSubject } from './score/evidence';
import { compareOrgNames, comparePersonNames, orgMayMatch, type Corroboration, type NameComparison } from './score/nameScore';
import { NameShape } from './score/nameShape';
import { personMayMatch } from './score/personRefusal';
import { IndexedTokenPairs, TokenSimilarityTable } from './score/similarityTable';
import { IndexedTokenWeights } from './score/tokenWeights';
import { ORGANIZATION_TOKENS, PERSON_TOKENS, SIM, personTokenSimilarity } from './score/tokenSimilarity';
import {
  POTENTIAL_MATCH_LABEL,
  type Entity,
  type FieldEvidence,
  type KeyGroup,
  type Match,
  type PublicLookupRequest,
  type PublicLookupResult,
  type ScreeningResult,
  type SourceRef,
  type ListedParty,
} from './types';

/** A listed party of one published version, with the provenance every match carries. */
export interface IndexedEntry extends ListedParty {
  sourceKey: string;
  sourceName: string;
  listVersionId: string;
  retrievedAt: string;
}

export interface IndexedRegistryOrganization {
  npi: string;
  legalName: string;
  otherNames: string[];
  state: string | null;
}

interface MatcherIndexOptions {
  /** Viable candidates scored per query name (default 500); more sets recallCapped. */
  candidateLimit?: number;
  /** Lists consulted, including lists with no entries; default: derived from the entries. */
  sources?: SourceRef[];
  /** The NPPES registry version used to resolve organizations by NPI, reported when consulted. */
  registrySource?: SourceRef;
  /**
   * The index this one replaces (a reload): the names of its entries that are still listed (the
   * same objects: the loader hands over the unchanged versions' entries) and what its token
   * indexes worked out for words the change does not touch are taken over, not computed again.
   * The index built is the same as without it.
   */
  previous?: MatcherIndex;
}

/**
 * Decision thresholds on the name score (see docs/matching.md). A person name is a
 * potential match at PERSON_THRESHOLD when its surname and a given name are both accounted for;
 * a one-token name on either side (a bare surname) is reported at SINGLE_TOKEN_THRESHOLD.
 */
const PERSON_THRESHOLD = 0.8;
const SINGLE_TOKEN_THRESHOLD = 0.5;
export const ORG_THRESHOLD = 0.8;

interface SubIndex {
  kind: 'person' | 'organization';
  names: (NormalizedName | NormalizedOrgName)[];
  nameEntry: Int32Array;
  tokens: TokenIndex;
  finder: CandidateFinder;
  similarities: TokenSimilarityTable;
  /** The listed names' shapes, which most candidates are refused on. */
  shapes: ListedShapes;
}

export interface MatcherIndex {
  readonly entries: readonly IndexedEntry[];
  readonly sources: readonly SourceRef[];
  readonly registrySource?: SourceRef;
  readonly candidateLimit: number;
  readonly person: SubIndex;
  readonly organization: SubIndex;
  readonly byNpi: ReadonlyMap<string, number[]>;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function entryNames(e: ListedParty): NormalizedName[] {
  const out: NormalizedName[] = [];
  const seen = new Set<string>();
  const add = (names: NormalizedName[]): void => {
    for (const n of names)
      if (!seen.has(n.key)) {
        seen.add(n.key);
        out.push(n);
      }
  };
  if (e.kind === 'person') {
    if (e.lastName || e.firstName) add(normalizePersonParts(e.firstName, e.middleName, e.lastName, e.name));
    add(normalizePersonName(e.name));
    for (const a of e.aliases) add(normalizePersonName(a));
  } else {
    add(normalizeOrgName(e.name));
    for (const a of e.aliases) add(normalizeOrgName(a));
  }
  return out;
}

/** The names `previous` holds for each of its entries, by entry object. */
function namesByEntry(previous: MatcherIndex | undefined, kind: 'person' | 'organization'): Map<IndexedEntry, NormalizedName[]> {
  const held = new Map<IndexedEntry, NormalizedName[]>();
  if (!previous) return held;
  const sub = previous[kind];
  for (let id = 0; id < sub.names.length; id++) {
    const entry = previous.entries[sub.nameEntry[id]];
    const names = held.get(entry);
    if (names) names.push(sub.names[id]);
    else held.set(entry, [sub.names[id]]);
  }
  return held;
}

function buildSub(kind: 'person' | 'organization', entries: readonly IndexedEntry[], previous?: MatcherIndex): SubIndex {
  const names: NormalizedName[] = [];
  const owner: number[] = [];
  const held = namesByEntry(previous, kind);
  entries.forEach((e, i) => {
    if (e.kind !== kind) return;
    for (const n of held.get(e) ?? entryNames(e)) {
      names.push(n);
      owner.push(i);
    }
  });
  held.clear();
  const tokens = new TokenIndex(names, kind === 'person', previous?.[kind].tokens);
  const listed = compactNames(names, tokens.vocab, tokens.words);
  return {
    kind,
    names: listed,
    nameEntry: Int32Array.from(owner),
    tokens,
    finder: new CandidateFinder(tokens, listed, kind),
    similarities: new TokenSimilarityTable(tokens.features, kind === 'person' ? PERSON_TOKENS : ORGANIZATION_TOKENS),
    shapes: new ListedShapes(listed, tokens),
  };
}

export function buildMatcherIndex(entries: IndexedEntry[], options: MatcherIndexOptions = {}): MatcherIndex {
  loadKnownNames();
  const sorted = entries.slice().sort((a, b) => compareText(a.sourceKey, b.sourceKey) || compareText(a.entryKey, b.entryKey));
  const byNpi = new Map<string, number[]>();
  sorted.forEach((e, i) => {
    for (const raw of e.npis) {
      const npi = npiDigits(raw);
      if (npi.length !== 10 || /^0+$/.test(npi)) continue;
      const list = byNpi.get(npi);
      if (list) {
        if (!list.includes(i)) list.push(i);
      } else byNpi.set(npi, [i]);
    }
  });
  let sources = options.sources?.slice();
  if (!sources) {
    const seen = new Map<string, SourceRef>();
    for (const e of sorted)
      if (!seen.has(e.sourceKey))
        seen.set(e.sourceKey, { source: e.sourceKey, listVersionId: e.listVersionId, retrievedAt: e.retrievedAt });
    sources = [...seen.values()];
  }
  sources.sort((a, b) => compareText(a.source, b.source));
  return {
    entries: sorted,
    sources,
    registrySource: options.registrySource,
    candidateLimit: options.candidateLimit ?? DEFAULT_CANDIDATE_LIMIT,
    person: buildSub('person', sorted, options.previous),
    organization: buildSub('organization', sorted, options.previous),
    byNpi,
  };
}

/** A name the subject was screened under, and where it came from. */
interface QueryName {
  name: NormalizedName | NormalizedOrgName;
  /** What the evidence shows as the roster value. */
  roster: string;
}

interface Best {
  cmp: NameComparison;
  query: QueryName;
  listed: NormalizedName;
  isMatch: boolean;
}

/** The lowest person name score that is a potential match (when the comparison is plausible). */
export function personMatchScore(q: NormalizedName, e: NormalizedName): number {
  return personMatchAt(q.tokens.length, e.tokens.length);
}

function personMatchAt(queryWords: number, listedWords: number): number {
  return queryWords === 1 || listedWords === 1 ? SINGLE_TOKEN_THRESHOLD : PERSON_THRESHOLD;
}

/** Scratch of searchNames: the shape of the listed name a refusal reads. */
const listedShape = new NameShape();

export function personDecision(cmp: NameComparison, q: NormalizedName, e: NormalizedName): boolean {
  return cmp.plausible && cmp.score >= personMatchScore(q, e);
}

function orgDecision(cmp: NameComparison): boolean {
  return cmp.plausible && cmp.score >= ORG_THRESHOLD;
}

function better(a: Best, b: Best): boolean {
  if (a.isMatch !== b.isMatch) return a.isMatch;
  return a.cmp.score > b.cmp.score;
}

const NO_ENTRIES: ReadonlySet<number> = new Set();

/** Candidates whose arrays are read at once before they are compared (ListedShapes.touch). */
const CANDIDATE_BATCH = 16;

/**
 * Scores every candidate of every query name; returns the best comparison per list entry.
 * Only entries in `scoreAlways` (NPI hits, reported whatever their name score) need the score
 * of a name that cannot match; for the others such a name is passed over without one.
 */
interface NameSearch {
  best: Map<number, Best>;
  capped: boolean;
  /** Listed names compared with a query name, over all query names. */
  scored: number;
  /** The most viable names any one query name found (the candidate limit applies per query name). */
  maxViable: number;
}

/**
 * A one-word listed name (a bare given name or surname, an alias fragment) read against a roster
 * name of more words: one word agreeing says little (every MICHAEL, every KING), so it is a
 * potential match only when something else about the same listed party agrees (corroborated).
 */
export function isBareListedName(q: NormalizedName, e: NormalizedName): boolean {
  return e.tokens.length === 1 && q.tokens.length > 1;
}

/** Whether something beside a bare listed name agrees: the NPI, the date of birth, or one more name word. */
type BareNameCheck = (entry: number, query: NormalizedName, listed: NormalizedName) => boolean;

/**
 * Whether the subject's fields corroborate a listed party whose name meets the roster's with both
 * dimensions loose (NameComparison.corroboration): `field`, the NPI, the date of birth or the
 * state agrees; `identifier`, the NPI or the date of birth. A name-only lookup has none of them.
 */
type FieldCheck = (entry: number, needed: Exclude<Corroboration, 'none'>) => boolean;

const NO_FIELDS: FieldCheck = () => false;

/** How close another name word must be to corroborate a bare name: the same word, a nickname, a scanner misreading or a one-letter typo in a longer word. */
const MORE_WORD_MIN_SIM = SIM.nickname;

/**
 * Another word of the roster name, not the one the bare name answers, agrees with another word
 * the listed party is written under (its full name or another alias): JOHN SMITH aka JONES is a
 * potential match of John Jones, not of Mary Jones.
 */
export function anotherNameWordAgrees(index: MatcherIndex, entry: number, query: NormalizedName, listed: NormalizedName): boolean {
  const bare = listed.tokens[0];
  const otherWords = new Set<string>();
  const { names, nameEntry } = index.person;
  for (let id = firstNameOf(nameEntry, entry); id < nameEntry.length && nameEntry[id] === entry; id++)
    for (const token of names[id].tokens) if (token !== bare && token.length > 1) otherWords.add(token);
  if (otherWords.size === 0) return false;
  const answers = query.tokens.map((token) => personTokenSimilarity(token, bare) >= SIM.editFloor);
  return query.tokens.some(
    (token, i) =>
      token.length > 1 &&
      answers.some((answered, j) => answered && j !== i) &&
      [...otherWords].some((word) => personTokenSimilarity(token, word) >= MORE_WORD_MIN_SIM),
  );
}

/**
 * The first of an entry's names in a sub-index: names are indexed entry by entry (buildSub), so
 * `nameEntry` rises and an entry's names (entryNames: its full name and aliases) are the ids from
 * here on that hold it (normalizing them again, for every bare listed name past the scorer, was
 * about 3% of the CPU of the slowest screenings).
 */
function firstNameOf(nameEntry: Int32Array, entry: number): number {
  let lo = 0;
  let hi = nameEntry.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nameEntry[mid] < entry) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NAME_WORD_ONLY =
  (index: MatcherIndex): BareNameCheck =>
  (entry, query, listed) =>
    anotherNameWordAgrees(index, entry, query, listed);

function searchNames(
  index: MatcherIndex,
  sub: SubIndex,
  queries: QueryName[],
  bareNameCheck: BareNameCheck,
  fieldCheck: FieldCheck,
  scoreAlways: ReadonlySet<number> = NO_ENTRIES,
): NameSearch {
  const best = new Map<number, Best>();
  let capped = false;
  let scored = 0;
  let maxViable = 0;
  sub.similarities.begin();
  const { nameTokenOffsets, nameTokenIds } = sub.tokens;
  const weightOf = (t: string): number => sub.tokens.weightOf(t);
  for (const query of queries) {
    if (query.name.tokens.length === 0) continue;
    const found = sub.finder.find(query.name, index.candidateLimit);
    capped ||= found.capped;
    scored += found.ids.length;
    maxViable = Math.max(maxViable, found.viable);
    const pairs = new IndexedTokenPairs(sub.similarities, query.name.tokens, nameTokenIds);
    const person = sub.kind === 'person';
    const queryShape = person ? new NameShape().of(query.name) : new NameShape().ofWords(query.name.tokens);
    const queryKeyHash = keyHash(query.name.key);
    const strictKey = (query.name as NormalizedOrgName).strictKey;
    const queryStrictKeyHash = strictKey === undefined ? 0 : keyHash(strictKey);
    const weights = new IndexedTokenWeights(query.name.tokens, weightOf, sub.tokens.idf, nameTokenIds);
    for (let k = 0; k < found.ids.length; k++) {
      if (k % CANDIDATE_BATCH === 0) sub.shapes.touch(found.ids, k, Math.min(found.ids.length, k + CANDIDATE_BATCH));
      const id = found.ids[k];
      pairs.listedAt(nameTokenOffsets[id]);
      // Most screenings have no entry to score always: a refused candidate's entry is then never read (a cache miss of its own).
      const decisionOnly = scoreAlways.size === 0 || !scoreAlways.has(sub.nameEntry[id]);
      // The refusal the comparison would make, from the index's arrays: most candidates end here, their name objects never loaded.
      let refusalMade = false;
      if (decisionOnly && !sub.shapes.mayHaveKey(id, queryKeyHash)) {
        const shape = sub.shapes.load(id, listedShape);
        if (person) {
          if (!personMayMatch(queryShape, shape, pairs, personMatchAt(queryShape.count, shape.count))) continue;
          refusalMade = true;
        } else if (strictKey === undefined || !sub.shapes.mayHaveStrictKey(id, queryStrictKeyHash)) {
          // An equal strict key is an exact name: compareOrgNames answers it before any refusal.
          if (!orgMayMatch(queryShape, shape, pairs, weights.listedAt(nameTokenOffsets[id]), ORG_THRESHOLD)) continue;
          refusalMade = true;
        }
      }
      const entry = sub.nameEntry[id];
      const listed = sub.names[id];
      let cmp: NameComparison;
      let isMatch: boolean;
      if (person) {
        // Past the refusal above, the comparison is made in full: its own refusal would be the same one again.
        const matchAt = decisionOnly && !refusalMade ? personMatchScore(query.name, listed) : undefined;
        cmp = comparePersonNames(query.name, listed, pairs, matchAt);
        isMatch =
          personDecision(cmp, query.name, listed) &&
          (!isBareListedName(query.name, listed) || bareNameCheck(entry, query.name, listed)) &&
          (cmp.corroboration === 'none' || fieldCheck(entry, cmp.corroboration));
      } else {
        cmp = compareOrgNames(
          query.name as NormalizedOrgName,
          listed as NormalizedOrgName,
          weights.listedAt(nameTokenOffsets[id]),
          pairs,
          decisionOnly && !refusalMade ? ORG_THRESHOLD : undefined,
        );
        isMatch = orgDecision(cmp);
      }
      if (decisionOnly && !isMatch) continue;
      const candidate: Best = { cmp, query, listed, isMatch };
      const prev = best.get(entry);
      if (!prev || better(candidate, prev)) best.set(entry, candidate);
    }
  }
  return { best, capped, scored, maxViable };
}

export function subjectQueries(entity: Entity, registry?: (npi: string) => IndexedRegistryOrganization | undefined): QueryName[] {
  const out: QueryName[] = [];
  if (entity.type === 'person') {
    for (const raw of [entity.name, ...(entity.aliases ?? [])])
      for (const n of normalizePersonName(raw)) out.push({ name: n, roster: raw });
    return out;
  }
  for (const raw of [entity.legalName, ...(entity.aliases ?? [])])
    for (const n of normalizeOrgName(raw)) out.push({ name: n, roster: raw });
  if (entity.npi && registry) {
    const org = registry(npiDigits(entity.npi));
    if (org) {
      for (const raw of [org.legalName, ...org.otherNames]) {
        for (const n of normalizeOrgName(raw)) out.push({ name: n, roster: `${raw} (NPPES registry name for NPI ${org.npi})` });
      }
    }
  }
  return out;
}

function entryDisplay(e: IndexedEntry): string {
  return e.name;
}

/** How many spellings of the index's vocabulary share each key. */
export function keyGroupSizes(index: MatcherIndex, groups: readonly KeyGroup[]): number[] {
  return groups.map((g) => index[g.kind].tokens.keyGroupSize(g.type, g.key));
}

/** What a screening cost, beside its result (metrics, and monitoring's candidate-limit check). */
export interface ScreeningStats {
  candidatesScored: number;
  /** The most viable names any one query name found, before the candidate limit (more than the limit: capped). */
  maxViableCandidates: number;
  /** The entry key of each match's listed entry, in the order of `matches` (the reviews of potential matches name the entry by it). */
  entryKeys: string[];
}

export function screenEntity(
  index: MatcherIndex,
  entity: Entity,
  registry?: (npi: string) => IndexedRegistryOrganization | undefined,
): Omit<ScreeningResult, 'checkedAt'> & ScreeningStats {
  const sub = entity.type === 'person' ? index.person : index.organization;
  const queries = subjectQueries(entity, registry);
  // An exact NPI match is reported even when the names differ: the NPI on the list belongs to
  // the listed party, and a changed or differently written name must not hide it.
  const npiHits = new Set<number>();
  if (entity.npi) for (const i of index.byNpi.get(npiDigits(entity.npi)) ?? []) npiHits.add(i);
  const dob = entity.type === 'person' ? entity.dateOfBirth?.trim() : undefined;
  const dobAgrees = (entry: number): boolean => !!dob && dob === index.entries[entry].dateOfBirth?.trim();
  const bareNameCheck: BareNameCheck = (entry, query, listed) =>
    npiHits.has(entry) || dobAgrees(entry) || anotherNameWordAgrees(index, entry, query, listed);
  const state = entity.state?.trim().toUpperCase();
  const fieldCheck: FieldCheck = (entry, needed) =>
    npiHits.has(entry) || dobAgrees(entry) || (needed === 'field' && !!state && state === index.entries[entry].state?.trim().toUpperCase());
  const { best, capped, scored, maxViable } = searchNames(index, sub, queries, bareNameCheck, fieldCheck, npiHits);

  const matches: { match: Match; entry: IndexedEntry }[] = [];
  const rosterName = entity.type === 'person' ? entity.name : entity.legalName;
  const consider = new Set<number>([...[...best].filter(([, b]) => b.isMatch).map(([i]) => i), ...npiHits]);
  // The subject's side of the evidence, once per screening (in one object shape for both kinds).
  const subject = prepareSubject(
    entity.type === 'person'
      ? { npi: entity.npi, state: entity.state, dateOfBirth: entity.dateOfBirth, providerType: entity.providerType }
      : { npi: entity.npi, state: entity.state },
  );
  for (const i of [...consider].sort((a, b) => a - b)) {
    const entry = index.entries[i];
    const b = best.get(i);
    const nameMatched = b?.isMatch === true;
    const nameScore = b?.cmp.score ?? 0;
    const listed =
      entity.type === 'person'
        ? { npis: entry.npis, state: entry.state, dateOfBirth: entry.dateOfBirth, providerType: entry.providerType }
        : { npis: entry.npis, state: entry.state, dateOfBirth: null, providerType: null };
    const ev = corroborate(subject, listed);
    if (!nameMatched && !ev.npiMatched) continue;
    const nameEvidence: FieldEvidence = {
      field: 'name',
      state: nameMatched ? 'matched' : 'not_matched',
      rosterValue: b ? b.query.roster : rosterName,
      listValue: b && b.listed.display !== entry.name ? `${b.listed.display} (listed as ${entry.name})` : entryDisplay(entry),
      strong: nameMatched && nameScore === 1,
    };
    const score = nameMatched ? finalScore(nameScore, ev.adjust) : finalScore(Math.min(0.5, nameScore), ev.adjust);
    matches.push({
      entry,
      match: {
        label: POTENTIAL_MATCH_LABEL,
        fields: [nameEvidence, ...ev.fields],
        provenance: { sourceList: entry.sourceKey, listVersionId: entry.listVersionId, retrievedAt: entry.retrievedAt },
        score,
      },
    });
  }
  matches.sort(
    (x, y) =>
      y.match.score - x.match.score || compareText(x.entry.sourceKey, y.entry.sourceKey) || compareText(x.entry.entryKey, y.entry.entryKey),
  );
  const sources = index.sources.slice();
  if (entity.type === 'organization' && entity.npi && registry && index.registrySource) {
    sources.push(index.registrySource);
    sources.sort((a, b) => compareText(a.source, b.source));
  }
  return {
    status: matches.length > 0 ? 'potential_match' : 'clear',
    matches: matches.map((m) => m.match),
    entryKeys: matches.map((m) => m.entry.entryKey),
    sources,
    recallCapped: capped,
    candidatesScored: scored,
    maxViableCandidates: maxViable,
  };
}

export function lookupName(index: MatcherIndex, req: PublicLookupRequest, limit = 10): PublicLookupResult[] {
  const kinds: ('person' | 'organization')[] = req.type ? [req.type] : ['person', 'organization'];
  const found: { entry: IndexedEntry; score: number }[] = [];
  for (const kind of kinds) {
    const sub = kind === 'person' ? index.person : index.organization;
    const names = kind === 'person' ? normalizePersonName(req.name) : normalizeOrgName(req.name);
    const { best } = searchNames(
      index,
      sub,
      names.map((n) => ({ name: n, roster: req.name })),
      NAME_WORD_ONLY(index),
      NO_FIELDS,
    );
    for (const [i, b] of best) if (b.isMatch) found.push({ entry: index.entries[i], score: finalScore(b.cmp.score, 0) });
  }
  found.sort(
    (x, y) => y.score - x.score || compareText(x.entry.sourceKey, y.entry.sourceKey) || compareText(x.entry.entryKey, y.entry.entryKey),
  );
  return found.slice(0, limit).map(({ entry, score }) => ({
    name: entry.name,
    type: entry.kind,
    label: POTENTIAL_MATCH_LABEL,
    score,
    source: entry.sourceKey,
    sourceName: entry.sourceName,
    listVersionId: entry.listVersionId,
    retrievedAt: entry.retrievedAt,
  }));
}

/** The name-only score of two written names, as the scorer computes it (uniform token weights). */
export function nameSimilarity(a: string, b: string, kind: 'person' | 'organization'): number {
  let best = 0;
  if (kind === 'person') {
    for (const x of normalizePersonName(a)) for (const y of normalizePersonName(b)) best = Math.max(best, comparePersonNames(x, y).score);
  } else {
    for (const x of normalizeOrgName(a)) for (const y of normalizeOrgName(b)) best = Math.max(best, compareOrgNames(x, y, () => 1).score);
  }
  return best;
}
