import { buildMatcherIndex, entryNames, screenEntity, subjectQueries, type IndexedRegistryOrganization } from './engine';
import { DEFAULT_CANDIDATE_LIMIT } from './index/candidates';
import { MAX_PHONETIC_FANOUT } from './index/tokenIndex';
import { deletions, fnv1a } from './index/deletions';
import { afterGluedParticle, splitCuts } from './index/splits';
import { nicknames } from './normalize/nicknames';
import { ocrKey } from './normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from './normalize/phonetic';
import { npiDigits } from './score/evidence';
import { allowedEdits } from './strings/editDistance';
import type { Entity, KeyGroup, ListedParty } from './types';

/**
 * Blocking keys: for a subject and for a listed party, every key through which candidate
 * generation (index/tokenIndex.ts `collectVariants`, index/candidates.ts `find`, the engine's
 * NPI hits) could bring that party before that subject. If the matcher can consider a listed
 * party for a subject at all, the two share a key; so a list change can alter the screening
 * of only the subjects that share a key with an entry it added, removed or changed. Monitoring
 * re-screens exactly those. The keys are built from the same normalisation and the same
 * variant rules as the index (hashed to 32 bits: a collision only adds a subject to re-screen):
 *   exact token; each token's symmetric-deletion neighbourhood (typos, as the deletion table
 *   holds it); its sound and OCR keys; its nickname families (persons); both halves of a long
 *   subject token (split words, a two-letter half for persons), a person token's word after
 *   glued particles (DELASCASAS → CASAS), and adjacent subject tokens written as one (merged
 *   words); NPI.
 * A new kind of variant in candidate generation must add its key here; the monitoring
 * equality test (incremental re-screen = full re-screen) is there to catch a missing one.
 */
type Kind = 'person' | 'organization';

/**
 * The version of the rules below. Raise it with every change to what keys a subject gets:
 * monitoring re-keys the records keyed under an older version before it applies a list change.
 * 1: token, typo, sound, OCR, nickname, split and merged keys. 2: Spanish and English short
 * forms among the nicknames, two-letter halves of person tokens, words after glued particles.
 */
export const BLOCKING_KEYS_VERSION = 2;

const key = (text: string): number => fnv1a(text) | 0;

const groupKey = (g: KeyGroup): number => key(`${g.type === 'sound' ? 'p' : 'o'}|${g.kind}|${g.key}`);

function addTokenKeys(kind: Kind, token: string, keys: Set<number>): void {
  keys.add(key(`t|${kind}|${token}`));
  if (token.length === 1) return;
  if (kind === 'person') for (const group of nicknames().groupsOf(token) ?? []) keys.add(key(`n|${group}`));
  const edits = allowedEdits(token.length);
  if (edits > 0) for (const d of deletions(token, edits)) keys.add(key(`d|${kind}|${d}`));
  keys.add(groupKey({ kind, type: 'ocr', key: ocrKey(token) }));
  const sound = phoneticKey(token);
  if (sound.length >= MIN_PHONETIC_KEY_LENGTH) keys.add(groupKey({ kind, type: 'sound', key: sound }));
}

/** A sound or OCR key of the changed entries, with how many of their spellings carry it. */
export interface ChangedKeyGroup {
  group: KeyGroup;
  spellings: number;
}

/**
 * The sound and OCR keys of changed entries' tokens (as the index looks them up: tokens of three
 * letters or more), each with the number of distinct changed spellings behind it. A key fetches
 * variants only while at most MAX_PHONETIC_FANOUT spellings of the whole list share it, so a
 * change can switch it on or off for every subject holding it, through entries it did not touch.
 */
export function changedKeyGroups(parties: readonly ListedParty[]): ChangedKeyGroup[] {
  const spellings = new Map<string, { group: KeyGroup; tokens: Set<string> }>();
  const add = (group: KeyGroup, token: string): void => {
    const id = `${group.kind}|${group.type}|${group.key}`;
    let entry = spellings.get(id);
    if (!entry) spellings.set(id, (entry = { group, tokens: new Set() }));
    entry.tokens.add(token);
  };
  for (const party of parties) {
    for (const name of entryNames(party)) for (const token of name.tokens) {
      if (token.length < 3) continue;
      add({ kind: party.kind, type: 'ocr', key: ocrKey(token) }, token);
      const sound = phoneticKey(token);
      if (sound.length >= MIN_PHONETIC_KEY_LENGTH) add({ kind: party.kind, type: 'sound', key: sound }, token);
    }
  }
  return [...spellings.values()].map((e) => ({ group: e.group, spellings: e.tokens.size }));
}

/**
 * The blocking keys of the groups a change may have carried across MAX_PHONETIC_FANOUT, given
 * each group's size in the lists the matcher holds (before or after the change: the size moved
 * by at most the changed spellings either way). Every subject holding one is screened again.
 */
export function groupsThatMayCross(groups: readonly ChangedKeyGroup[], sizes: readonly number[]): number[] {
  const out: number[] = [];
  groups.forEach((g, i) => {
    const low = Math.max(0, sizes[i] - g.spellings);
    const high = sizes[i] + g.spellings;
    if (low <= MAX_PHONETIC_FANOUT && high > MAX_PHONETIC_FANOUT) out.push(groupKey(g.group));
  });
  return out;
}

function addNpiKey(raw: string | null | undefined, keys: Set<number>): void {
  if (!raw) return;
  const npi = npiDigits(raw);
  if (npi.length === 10 && !/^0+$/.test(npi)) keys.add(key(`npi|${npi}`));
}

/** A listed party's keys: its tokens as the index holds them, and its NPIs. */
export function entryBlockingKeys(party: ListedParty): number[] {
  const keys = new Set<number>();
  for (const name of entryNames(party)) for (const token of name.tokens) addTokenKeys(party.kind, token, keys);
  for (const npi of party.npis) addNpiKey(npi, keys);
  return [...keys].sort((a, b) => a - b);
}

/** The NPPES names an organization subject is also searched under (the registry record of its NPI). */
export type RegistryNames = Pick<IndexedRegistryOrganization, 'npi' | 'legalName' | 'otherNames' | 'state'>;

/**
 * A subject's keys: every query name it is searched under (aliases, name orders, its NPI's
 * registry names), each token with its variants, split and merged forms; and its NPI.
 */
export function subjectBlockingKeys(entity: Entity, registry?: RegistryNames): number[] {
  const keys = new Set<number>();
  const kind: Kind = entity.type;
  const queries = subjectQueries(entity, registry ? () => registry : undefined);
  for (const { name } of queries) {
    const tokens = name.tokens;
    tokens.forEach((token, i) => {
      addTokenKeys(kind, token, keys);
      for (const cut of splitCuts(token, kind)) {
        keys.add(key(`t|${kind}|${token.slice(0, cut)}`));
        keys.add(key(`t|${kind}|${token.slice(cut)}`));
      }
      if (kind === 'person') for (const rest of afterGluedParticle(token)) keys.add(key(`t|${kind}|${rest}`));
      if (i + 1 < tokens.length) keys.add(key(`t|${kind}|${token}${tokens[i + 1]}`));
    });
  }
  addNpiKey(entity.npi, keys);
  return [...keys].sort((a, b) => a - b);
}

const CHANGE_SOURCE = { sourceKey: 'change', sourceName: 'change', listVersionId: 'change', retrievedAt: '1970-01-01T00:00:00.000Z' };

/** A person subject screened against only some listed parties (a list change's new or old forms). */
export interface ScreenedAgainstParties {
  /** One of the parties is a match. */
  matches: boolean;
  /**
   * The most of the parties' names that are viable candidates for one of the subject's query
   * names: at most what they add to that query name's viable candidates in the full index
   * (viability depends only on the two names, and the throwaway index's small sound groups
   * fetch at least the variants the full index does), so what the candidate limit must make
   * room for.
   */
  viable: number;
}

/**
 * Of the subjects that share a key with a list change, the ones the change can matter to: a
 * person subject is re-screened only if one of the changed parties scores as a match for it
 * (in their new form, or in their old form: it may be one of the subject's current matches),
 * or if they are more viable candidates than its last screening had room for.
 * A throwaway index of just those parties answers that in microseconds per subject; scores do
 * not depend on the rest of the list, and a person's candidates are chosen by how many of its
 * name tokens they answer, not by list-wide weights, so a party that does not match here does
 * not match in the full index either. Organizations, whose candidates are weighed against the
 * whole list, are always re-screened (the caller's rule).
 */
export function screenAgainstParties(parties: readonly ListedParty[]): (entity: Entity) => ScreenedAgainstParties {
  if (parties.length === 0) return () => ({ matches: false, viable: 0 });
  const index = buildMatcherIndex(parties.map((p) => ({ ...p, ...CHANGE_SOURCE })), { candidateLimit: Math.max(DEFAULT_CANDIDATE_LIMIT, parties.length) });
  return (entity) => {
    const r = screenEntity(index, entity.type === 'person' ? withSplitForms(entity) : entity);
    return { matches: r.matches.length > 0, viable: r.maxViableCandidates };
  };
}

/**
 * The full index reads a long token as two words when both halves are words it holds
 * (KATHERINENGUYEN → KATHERINE NGUYEN), and a half may come from any entry of the list, which a
 * throwaway index of the change does not hold: so the subject is also tried with each long
 * token written as two words, every way it can be cut.
 */
function withSplitForms(entity: Extract<Entity, { type: 'person' }>): Entity {
  const forms: string[] = [];
  for (const { name } of subjectQueries(entity)) {
    name.tokens.forEach((token, i) => {
      for (const cut of splitCuts(token, 'person')) {
        forms.push([...name.tokens.slice(0, i), token.slice(0, cut), token.slice(cut), ...name.tokens.slice(i + 1)].join(' '));
      }
    });
  }
  return forms.length === 0 ? entity : { ...entity, aliases: [...(entity.aliases ?? []), ...forms] };
}
