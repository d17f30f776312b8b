import type { EvalListEntry } from './evalList';
import { jaroWinkler } from './jaroWinkler';
import { mean } from './metrics';
import { foldName } from './text';

/**
 * The yardstick: brute-force Jaro–Winkler of the whole folded name against every list name and
 * alias of the same kind, an entry scoring its best name. A query is flagged at threshold t when
 * some entry reaches t. Scores are kept as a histogram so any threshold can be read off later.
 */
export const BIN_FLOOR = 0.5;
export const BIN_WIDTH = 0.005;
export const BIN_COUNT = Math.round((1 - BIN_FLOOR) / BIN_WIDTH) + 1; // last bin holds exactly 1

export function binOf(score: number): number {
  if (score < BIN_FLOOR) return -1;
  return Math.min(BIN_COUNT - 1, Math.floor((score - BIN_FLOOR) / BIN_WIDTH + 1e-9));
}

export function thresholdOfBin(bin: number): number {
  return Math.round((BIN_FLOOR + bin * BIN_WIDTH) * 1000) / 1000;
}

interface KindIndex {
  names: string[];
  /** names[i] belongs to entry entryOf[i] (index into `entries`). */
  entryOf: Int32Array;
  entryIndices: number[];
}

export interface BaselineIndex {
  entries: readonly EvalListEntry[];
  person: KindIndex;
  organization: KindIndex;
  indexOfEntryKey: Map<string, number>;
}

export function buildBaselineIndex(entries: readonly EvalListEntry[]): BaselineIndex {
  const build = (kind: 'person' | 'organization'): KindIndex => {
    const names: string[] = [];
    const owners: number[] = [];
    const entryIndices: number[] = [];
    entries.forEach((entry, index) => {
      if (entry.kind !== kind) return;
      entryIndices.push(index);
      for (const name of new Set([entry.name, ...entry.aliases].map(foldName))) {
        names.push(name);
        owners.push(index);
      }
    });
    return { names, entryOf: Int32Array.from(owners), entryIndices };
  };
  return {
    entries,
    person: build('person'),
    organization: build('organization'),
    indexOfEntryKey: new Map(entries.map((entry, index) => [entry.entryKey, index])),
  };
}

export interface BaselineOutcome {
  className: string;
  /** Best JW of any acceptable target entry; null for queries without a target. */
  targetScore: number | null;
  /** 1 + entries scoring strictly above the target (ties favour the target). */
  targetRank: number | null;
  /** Entries by best-score bin; non-target entries only. */
  histogram: Uint32Array;
}

let bestByEntry = new Float64Array(0);

export function screenBaseline(
  index: BaselineIndex,
  kind: 'person' | 'organization',
  queryName: string,
  className: string,
  acceptableKeys: ReadonlySet<string> | null,
): BaselineOutcome {
  const sub = index[kind];
  if (bestByEntry.length < index.entries.length) bestByEntry = new Float64Array(index.entries.length);
  const query = foldName(queryName);
  for (const entryIndex of sub.entryIndices) bestByEntry[entryIndex] = 0;
  for (let i = 0; i < sub.names.length; i++) {
    const score = jaroWinkler(query, sub.names[i]);
    const owner = sub.entryOf[i];
    if (score > bestByEntry[owner]) bestByEntry[owner] = score;
  }
  const targets = new Set<number>();
  for (const key of acceptableKeys ?? []) {
    const entryIndex = index.indexOfEntryKey.get(key);
    if (entryIndex !== undefined) targets.add(entryIndex);
  }
  let targetScore: number | null = null;
  for (const entryIndex of targets) targetScore = Math.max(targetScore ?? 0, bestByEntry[entryIndex]);
  const histogram = new Uint32Array(BIN_COUNT);
  let above = 0;
  for (const entryIndex of sub.entryIndices) {
    if (targets.has(entryIndex)) continue;
    const score = bestByEntry[entryIndex];
    const bin = binOf(score);
    if (bin >= 0) histogram[bin]++;
    if (targetScore !== null && score > targetScore) above++;
  }
  return { className, targetScore, targetRank: targetScore === null ? null : above + 1, histogram };
}

/** Entries at or above the threshold bin. */
export function countAtOrAbove(histogram: Uint32Array, bin: number): number {
  let count = 0;
  for (let i = Math.max(0, bin); i < histogram.length; i++) count += histogram[i];
  return count;
}

export interface BaselineAtThreshold {
  threshold: number;
  recallByClass: Map<string, number>;
  mrrByClass: Map<string, number>;
  pooledRecall: number;
  clearShareByClass: Map<string, number>;
  meanMatchesByClass: Map<string, number>;
}

/** The baseline read at one threshold bin. */
export function baselineAt(outcomes: readonly BaselineOutcome[], bin: number): BaselineAtThreshold {
  const threshold = thresholdOfBin(bin);
  const reaches = (score: number | null): boolean => score !== null && binOf(score) >= bin;
  const byClass = new Map<string, BaselineOutcome[]>();
  for (const outcome of outcomes) {
    const list = byClass.get(outcome.className);
    if (list) list.push(outcome);
    else byClass.set(outcome.className, [outcome]);
  }
  const recallByClass = new Map<string, number>();
  const mrrByClass = new Map<string, number>();
  const clearShareByClass = new Map<string, number>();
  const meanMatchesByClass = new Map<string, number>();
  for (const [className, list] of byClass) {
    const withTarget = list.filter((outcome) => outcome.targetScore !== null);
    if (withTarget.length > 0) {
      recallByClass.set(className, mean(withTarget.map((outcome) => (reaches(outcome.targetScore) ? 1 : 0))));
      mrrByClass.set(className, mean(withTarget.map((outcome) => (reaches(outcome.targetScore) ? 1 / outcome.targetRank! : 0))));
    }
    const counts = list.map((outcome) => countAtOrAbove(outcome.histogram, bin) + (reaches(outcome.targetScore) ? 1 : 0));
    clearShareByClass.set(className, mean(counts.map((count) => (count === 0 ? 1 : 0))));
    meanMatchesByClass.set(className, mean(counts));
  }
  const positives = outcomes.filter((outcome) => outcome.targetScore !== null);
  return {
    threshold,
    recallByClass,
    mrrByClass,
    pooledRecall: mean(positives.map((outcome) => (reaches(outcome.targetScore) ? 1 : 0))),
    clearShareByClass,
    meanMatchesByClass,
  };
}

/** The highest threshold at which the baseline's pooled recall reaches `recall`, or null if none does. */
export function binForRecall(outcomes: readonly BaselineOutcome[], recall: number): number | null {
  for (let bin = BIN_COUNT - 1; bin >= 0; bin--) {
    if (baselineAt(outcomes, bin).pooledRecall >= recall - 1e-12) return bin;
  }
  return null;
}
