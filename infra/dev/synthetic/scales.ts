import { InvalidArgumentError } from 'commander';

/** Row targets per scale. `small` is for unit tests, `demo` for `npm start`, `full` for benchmarks. */
export type ScaleName = 'small' | 'demo' | 'full';

export const STATE_CODES_GENERATED = [
  'ca',
  'pa',
  'la',
  'ar',
  'wa',
  'nc',
  'oh',
  'ga',
  'md',
  'co',
  'ny',
  'sc',
  'il',
  'ky',
  'ma',
  'mi',
  'mn',
  'mo',
  'nh',
  'ia',
  'in',
  'ks',
  'ms',
  'nd',
  'dc',
  'me',
  'mt',
  'ak',
  'al',
  'az',
  'de',
  'ne',
  'nj',
  'tn',
  'wv',
  'hi',
  'nv',
  'wy',
  'or',
  'tx',
  'fl',
  'ct',
  'id',
  'vt',
] as const;
export type GeneratedState = (typeof STATE_CODES_GENERATED)[number];

interface ScaleConfig {
  name: ScaleName;
  leieRows: number;
  samRows: number;
  nppesOrganizations: number;
  nppesIndividuals: number;
  stateRows: Readonly<Record<GeneratedState, number>>;
}

function uniformStates(rows: number): Record<GeneratedState, number> {
  return Object.fromEntries(STATE_CODES_GENERATED.map((state) => [state, rows])) as Record<GeneratedState, number>;
}

export const SCALES: Readonly<Record<ScaleName, ScaleConfig>> = {
  small: { name: 'small', leieRows: 300, samRows: 400, nppesOrganizations: 300, nppesIndividuals: 40, stateRows: uniformStates(30) },
  demo: { name: 'demo', leieRows: 2000, samRows: 3000, nppesOrganizations: 5000, nppesIndividuals: 300, stateRows: uniformStates(100) },
  full: {
    name: 'full',
    leieRows: 80_000,
    samRows: 150_000,
    nppesOrganizations: 2_000_000,
    nppesIndividuals: 40_000,
    stateRows: {
      ca: 3500,
      pa: 2500,
      la: 1800,
      ar: 700,
      wa: 900,
      nc: 600,
      oh: 1600,
      ga: 1200,
      md: 900,
      co: 500,
      ny: 3000,
      sc: 800,
      il: 2800,
      ky: 700,
      ma: 450,
      mi: 3500,
      mn: 1400,
      mo: 1100,
      nh: 250,
      ia: 1000,
      in: 150,
      ks: 200,
      ms: 220,
      nd: 250,
      dc: 160,
      me: 1100,
      mt: 220,
      ak: 300,
      al: 2500,
      az: 400,
      de: 1800,
      ne: 1300,
      nj: 3600,
      tn: 40,
      wv: 200,
      // The crawlers' assertions: HI 150-300 people and up to 20 entities; NV 800-2000 entities
      // in all (each row adds its associated entity and controlling person); WY 55-170 entries.
      hi: 250,
      nv: 900,
      wy: 120,
      // OR's crawler asserts 100-300 people; TX's about 11,700 people and 470 companies.
      or: 200,
      tx: 12_000,
      fl: 3000,
      ct: 250,
      id: 400,
      vt: 150,
    },
  },
};

export function isScaleName(value: string): value is ScaleName {
  return value === 'small' || value === 'demo' || value === 'full';
}

/** Parses a `--scale` command-line value for commander: a scale name, or the error it prints. */
export function scaleOption(value: string): ScaleName {
  if (!isScaleName(value)) throw new InvalidArgumentError('expected small, demo or full');
  return value;
}
