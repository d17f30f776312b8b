import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import type { Entity, Match } from '../../../matcher/types';
import { generateOrganizations, generatePersons, rngFor } from '../../../infra/dev/synthetic/parties';
import {
  BIN_COUNT,
  baselineAt,
  binOf,
  binForRecall,
  buildBaselineIndex,
  screenBaseline,
  thresholdOfBin,
  type BaselineAtThreshold,
  type BaselineOutcome,
} from './baseline';
import { QUERY_CLASSES } from './classes';
import { generateCulturalPersons } from './cultureNames';
import { buildEvalList, entriesByFoldedName, type EvalList } from './evalList';
import { MatchResolver } from './matchResolver';
import { mean, placeTarget, pooledRecall, summarizeClass, type ClassSummary, type QueryOutcome } from './metrics';
import { loadNicknameTable } from './nicknames';
import { buildQuerySet, type LabelledQuery } from './querySet';
import { foldName } from './text';

/** Orchestrates one eval run: list, labelled queries, matcher, baseline, figures. */
export interface EvalOptions {
  size: 'small' | 'full';
  seed: number;
  listPersons: number;
  listOrganizations: number;
  /** Listed persons of the naming-customs supplement (cultureNames.ts), at most its full size. */
  culturalPersons: number;
  perClass: number;
  cleanPersons: number;
  cleanOrganizations: number;
  /** Queries per class the brute-force baseline screens (a full list scan each); clean classes get 3×. */
  baselinePerClass: number;
  candidateLimit?: number;
}

export const SIZES: Readonly<Record<'small' | 'full', Omit<EvalOptions, 'seed' | 'size'>>> = {
  small: {
    listPersons: 5_000,
    listOrganizations: 500,
    culturalPersons: 4_400,
    perClass: 60,
    cleanPersons: 300,
    cleanOrganizations: 100,
    baselinePerClass: 60,
  },
  full: {
    listPersons: 50_000,
    listOrganizations: 5_000,
    culturalPersons: 4_400,
    perClass: 300,
    cleanPersons: 1_500,
    cleanOrganizations: 500,
    baselinePerClass: 40,
  },
};

export interface FailureExample {
  query: string;
  listed: string | null;
  top: string | null;
  topScore: number | null;
  matchCount: number;
}

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

export interface EvalReport {
  options: EvalOptions;
  list: { entries: number; persons: number; organizations: number; bySource: Record<string, number> };
  /** Entries of a published list set screened beside the labelled list (see `runEval`), 0 without. */
  distractors: number;
  queries: number;
  classes: ClassSummary[];
  figures: {
    minPositiveRecall: number;
    pooledPositiveRecall: number;
    exactScoreOneRankFirst: number;
    cleanClearShare: number;
    falseMatchesPerCleanQuery: number;
    hardNegativeClearShare: number;
    falseMatchesPerHardNegative: number;
    mrrPositive: number;
  };
  baseline: {
    queriesPerClass: number;
    oursOnSample: {
      pooledPositiveRecall: number;
      cleanClearShare: number;
      falseMatchesPerCleanQuery: number;
      hardNegativeClearShare: number;
      mrrPositive: number;
    };
    equalRecall: BaselineFigures | null;
    equalClear: BaselineFigures | null;
    curve: BaselineFigures[];
    classes: { className: string; recall: number | null; mrr: number | null; clearShare: number; meanMatches: number }[];
  };
  targets: { name: string; met: boolean; detail: string }[];
  failures: Record<string, FailureExample[]>;
  timing: {
    listGeneration: Timing;
    querySet: Timing;
    indexBuild: Timing;
    screening: Timing & { queriesPerSecondWall: number; queriesPerSecondCpu: number };
    baseline: Timing;
  };
}

export interface BaselineFigures {
  threshold: number;
  pooledPositiveRecall: number;
  minClassRecall: number;
  cleanClearShare: number;
  falseMatchesPerCleanQuery: number;
  hardNegativeClearShare: number;
  mrrPositive: number;
}

function timed<T>(work: () => T): { value: T; timing: Timing } {
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const value = work();
  const cpu = process.cpuUsage(cpuStart);
  return { value, timing: { wallMs: Number(process.hrtime.bigint() - wallStart) / 1e6, cpuMs: (cpu.user + cpu.system) / 1000 } };
}

const FOUND = new Set(QUERY_CLASSES.filter((queryClass) => queryClass.expectation === 'found').map((queryClass) => queryClass.name));
const CLEAN = new Set(QUERY_CLASSES.filter((queryClass) => queryClass.clean).map((queryClass) => queryClass.name));
const HARD_NEGATIVE = new Set(
  QUERY_CLASSES.filter((queryClass) => queryClass.expectation === 'clear' && !queryClass.clean).map((queryClass) => queryClass.name),
);
const EXACT_CLASSES = new Set(['exact', 'org_exact']);
const FAILURES_KEPT = 8;

function queryName(entity: Entity): string {
  return entity.type === 'person' ? entity.name : entity.legalName;
}

/** Every entry of the target party, plus namesakes printed identically (name alone cannot tell them apart). */
function acceptableKeys(list: EvalList, namesakes: Map<string, string[]>, partyId: number): Set<string> {
  const keys = new Set<string>();
  for (const entry of list.parties[partyId].entries) {
    keys.add(entry.entryKey);
    for (const key of namesakes.get(`${entry.kind}|${foldName(entry.name)}`) ?? []) keys.add(key);
  }
  return keys;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function oursFigures(outcomes: readonly QueryOutcome[]): EvalReport['baseline']['oursOnSample'] {
  const positives = outcomes.filter((outcome) => FOUND.has(outcome.className));
  const clean = outcomes.filter((outcome) => CLEAN.has(outcome.className));
  const hard = outcomes.filter((outcome) => HARD_NEGATIVE.has(outcome.className));
  return {
    pooledPositiveRecall: pooledRecall(positives),
    cleanClearShare: mean(clean.map((outcome) => (outcome.flagged ? 0 : 1))),
    falseMatchesPerCleanQuery: mean(clean.map((outcome) => outcome.matchCount)),
    hardNegativeClearShare: mean(hard.map((outcome) => (outcome.flagged ? 0 : 1))),
    mrrPositive: mean(positives.map((outcome) => (outcome.placement?.rank ? 1 / outcome.placement.rank : 0))),
  };
}

function baselineFigures(at: BaselineAtThreshold, outcomes: readonly BaselineOutcome[]): BaselineFigures {
  const weightedMean = (classes: Set<string>, values: Map<string, number>): number => {
    let sum = 0;
    let count = 0;
    for (const [className, value] of values) {
      if (!classes.has(className)) continue;
      const size = outcomes.filter((outcome) => outcome.className === className).length;
      sum += value * size;
      count += size;
    }
    return count === 0 ? 0 : sum / count;
  };
  const positiveRecalls = [...at.recallByClass].filter(([className]) => FOUND.has(className)).map(([, recall]) => recall);
  return {
    threshold: at.threshold,
    pooledPositiveRecall: at.pooledRecall,
    minClassRecall: Math.min(...positiveRecalls),
    cleanClearShare: weightedMean(CLEAN, at.clearShareByClass),
    falseMatchesPerCleanQuery: weightedMean(CLEAN, at.meanMatchesByClass),
    hardNegativeClearShare: weightedMean(HARD_NEGATIVE, at.clearShareByClass),
    mrrPositive: weightedMean(FOUND, at.mrrByClass),
  };
}

/**
 * Entries of a published list set, screened beside the labelled list so each class is read at that
 * list set's scale: their keys are marked so no label names them, and one printed as a target's
 * listed name is that target's namesake (name alone cannot tell them apart), as within the list.
 */
function asDistractors(entries: readonly IndexedEntry[]): IndexedEntry[] {
  return entries.map((entry) => ({ ...entry, entryKey: `distractor:${entry.entryKey}` }));
}

/**
 * `distractors`: entries of a published list set (LEIE, SAM, the state lists) joined to the
 * labelled list in the index, so the same labelled queries meet every namesake and near-namesake
 * of a list set of that size; the Jaro–Winkler baseline still scans the labelled list alone.
 */
export function runEval(
  options: EvalOptions,
  progress: (message: string) => void = () => undefined,
  distractors: readonly IndexedEntry[] = [],
): EvalReport {
  progress(
    `generating list: ${options.listPersons} persons + ${options.listOrganizations} organizations + ${options.culturalPersons} persons of other naming customs (seed ${options.seed})`,
  );
  const listRun = timed(() =>
    buildEvalList(
      rngFor(options.seed, 'list-sources'),
      generatePersons(rngFor(options.seed, 'list-persons'), options.listPersons),
      generateOrganizations(rngFor(options.seed, 'list-organizations'), options.listOrganizations),
      generateCulturalPersons(rngFor(options.seed, 'list-cultures')).slice(0, options.culturalPersons),
    ),
  );
  const list = listRun.value;
  progress(`building labelled queries (${options.perClass} per class)`);
  const queryRun = timed(() => buildQuerySet(list, loadNicknameTable(), options));
  const queries = queryRun.value;

  const screened = [...list.entries, ...asDistractors(distractors)];
  progress(`building matcher index over ${screened.length} entries (${distractors.length} of them distractors)`);
  const indexRun = timed(() => buildMatcherIndex(screened, options.candidateLimit ? { candidateLimit: options.candidateLimit } : {}));
  const index = indexRun.value;

  const namesakeKeys = entriesByFoldedName(screened);
  const acceptable = (query: LabelledQuery): Set<string> | null =>
    query.targetPartyId === null ? null : acceptableKeys(list, namesakeKeys, query.targetPartyId);
  const resolver = new MatchResolver(screened);

  progress(`screening ${queries.length} queries with the matcher`);
  const failures: Record<string, FailureExample[]> = {};
  // Only the matcher is timed; judging its answers against the labels comes after.
  const screeningRun = timed(() => queries.map((query) => screenEntity(index, query.entity)));
  const outcomes = queries.map((query, position): QueryOutcome => {
    const result = screeningRun.value[position];
    const ranked = result.matches.map((match) => resolver.resolve(match));
    const targets = acceptable(query);
    const placement = targets ? placeTarget(ranked, targets) : null;
    const flagged = result.status === 'potential_match';
    const failed = placement ? placement.rank === null : flagged && (CLEAN.has(query.className) || HARD_NEGATIVE.has(query.className));
    if (failed) recordFailure(failures, query, result.matches);
    return { className: query.className, flagged, matchCount: result.matches.length, placement };
  });

  progress(`screening a sample with the Jaro–Winkler baseline (${options.baselinePerClass} per class, full list scan each)`);
  // Clean classes get three times the sample: their clear share is the figure the comparison turns on.
  const sample = [
    ...groupBy(
      queries.map((query, position) => ({ query, position })),
      (item) => item.query.className,
    ).values(),
  ].flatMap((items) => items.slice(0, options.baselinePerClass * (CLEAN.has(items[0].query.className) ? 3 : 1)));
  const baselineRun = timed(() => {
    const baselineIndex = buildBaselineIndex(list.entries);
    return sample.map(({ query }) =>
      screenBaseline(baselineIndex, query.entity.type, queryName(query.entity), query.className, acceptable(query)),
    );
  });
  const baselineOutcomes = baselineRun.value;
  const oursOnSample = oursFigures(sample.map(({ position }) => outcomes[position]));
  const equalBin = binForRecall(baselineOutcomes, oursOnSample.pooledPositiveRecall);
  const equalRecall = equalBin === null ? null : baselineFigures(baselineAt(baselineOutcomes, equalBin), baselineOutcomes);
  // The other reading: the baseline at the lowest threshold that clears as many clean queries as we do.
  let equalClearBin: number | null = null;
  for (let bin = 0; bin < BIN_COUNT && equalClearBin === null; bin++) {
    if (baselineFigures(baselineAt(baselineOutcomes, bin), baselineOutcomes).cleanClearShare >= oursOnSample.cleanClearShare - 1e-12)
      equalClearBin = bin;
  }
  const equalClear = equalClearBin === null ? null : baselineFigures(baselineAt(baselineOutcomes, equalClearBin), baselineOutcomes);
  const curveBins = [0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.96].map(binOf).filter((bin) => bin >= 0);
  const curve = curveBins.map((bin) => baselineFigures(baselineAt(baselineOutcomes, bin), baselineOutcomes));
  const readBin = equalBin ?? 0;
  const baselineRead = baselineAt(baselineOutcomes, readBin);

  const byClass = groupBy(outcomes, (outcome) => outcome.className);
  const classes = QUERY_CLASSES.filter((queryClass) => byClass.has(queryClass.name)).map((queryClass) =>
    summarizeClass(queryClass.name, byClass.get(queryClass.name)!, EXACT_CLASSES.has(queryClass.name)),
  );
  const positives = outcomes.filter((outcome) => FOUND.has(outcome.className));
  const exact = outcomes.filter((outcome) => EXACT_CLASSES.has(outcome.className));
  const all = oursFigures(outcomes);
  const hard = outcomes.filter((outcome) => HARD_NEGATIVE.has(outcome.className));
  const figures: EvalReport['figures'] = {
    minPositiveRecall: Math.min(...classes.filter((summary) => FOUND.has(summary.className)).map((summary) => summary.recall ?? 0)),
    pooledPositiveRecall: pooledRecall(positives),
    exactScoreOneRankFirst: mean(exact.map((outcome) => (outcome.placement?.exactTop ? 1 : 0))),
    cleanClearShare: all.cleanClearShare,
    falseMatchesPerCleanQuery: all.falseMatchesPerCleanQuery,
    hardNegativeClearShare: all.hardNegativeClearShare,
    falseMatchesPerHardNegative: mean(hard.map((outcome) => outcome.matchCount)),
    mrrPositive: all.mrrPositive,
  };

  const beatsBaseline =
    equalRecall === null
      ? {
          met: true,
          detail: `the baseline never reaches our sampled recall ${pct(oursOnSample.pooledPositiveRecall)} at any threshold >= ${thresholdOfBin(0)}`,
        }
      : {
          met:
            oursOnSample.cleanClearShare > equalRecall.cleanClearShare &&
            oursOnSample.falseMatchesPerCleanQuery <= equalRecall.falseMatchesPerCleanQuery,
          detail:
            `at equal recall ${pct(oursOnSample.pooledPositiveRecall)}: clean clear ${pct(oursOnSample.cleanClearShare)} vs JW@${equalRecall.threshold} ${pct(equalRecall.cleanClearShare)}; ` +
            `false matches/clean ${oursOnSample.falseMatchesPerCleanQuery.toFixed(3)} vs ${equalRecall.falseMatchesPerCleanQuery.toFixed(3)}`,
        };
  const weakest = classes.filter((summary) => FOUND.has(summary.className)).sort((a, b) => (a.recall ?? 0) - (b.recall ?? 0))[0];
  const targets = [
    {
      name: 'recall >= 99% in every positive class',
      met: figures.minPositiveRecall >= 0.99,
      detail: `lowest: ${weakest?.className} ${pct(figures.minPositiveRecall)}`,
    },
    {
      name: 'exact names score 1 and rank first in 100%',
      met: figures.exactScoreOneRankFirst >= 1,
      detail: pct(figures.exactScoreOneRankFirst),
    },
    { name: '>= 90% of clean queries clear', met: figures.cleanClearShare >= 0.9, detail: pct(figures.cleanClearShare) },
    { name: 'better than Jaro-Winkler at equal recall', ...beatsBaseline },
  ];

  const bySource: Record<string, number> = {};
  for (const entry of list.entries) bySource[entry.sourceKey] = (bySource[entry.sourceKey] ?? 0) + 1;
  return {
    options,
    list: {
      entries: list.entries.length,
      persons: list.entries.filter((entry) => entry.kind === 'person').length,
      organizations: list.entries.filter((entry) => entry.kind === 'organization').length,
      bySource,
    },
    distractors: distractors.length,
    queries: queries.length,
    classes,
    figures,
    baseline: {
      queriesPerClass: options.baselinePerClass,
      oursOnSample,
      equalRecall,
      equalClear,
      curve,
      classes: classes.map((summary) => ({
        className: summary.className,
        recall: baselineRead.recallByClass.get(summary.className) ?? null,
        mrr: baselineRead.mrrByClass.get(summary.className) ?? null,
        clearShare: baselineRead.clearShareByClass.get(summary.className) ?? 0,
        meanMatches: baselineRead.meanMatchesByClass.get(summary.className) ?? 0,
      })),
    },
    targets,
    failures,
    timing: {
      listGeneration: listRun.timing,
      querySet: queryRun.timing,
      indexBuild: indexRun.timing,
      screening: {
        ...screeningRun.timing,
        queriesPerSecondWall: queries.length / (screeningRun.timing.wallMs / 1000),
        queriesPerSecondCpu: queries.length / (screeningRun.timing.cpuMs / 1000),
      },
      baseline: baselineRun.timing,
    },
  };
}

function recordFailure(failures: Record<string, FailureExample[]>, query: LabelledQuery, matches: readonly Match[]): void {
  const kept = (failures[query.className] ??= []);
  if (kept.length >= FAILURES_KEPT) return;
  kept.push({
    query: queryName(query.entity),
    listed: query.listedName,
    top: matches[0] ? MatchResolver.listedName(matches[0]) : null,
    topScore: matches[0]?.score ?? null,
    matchCount: matches.length,
  });
}

export function pct(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
