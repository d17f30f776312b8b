import type { Rng } from '../../../infra/dev/synthetic/parties';
import { applyEdit, EDIT_OPERATIONS } from './edits';
import { foldName, osaDistance } from './text';

/** Organization-name variant generators; each returns null when its class does not apply to the name. */
export interface OrganizationVariantInput {
  name: string;
  dbaNames: readonly string[];
}

export type OrganizationVariant = (input: OrganizationVariantInput, rng: Rng) => string | null;

/** Legal-form spellings that name the same form (data-sources.md §5.3). */
const LEGAL_FORM_GROUPS: readonly (readonly string[])[] = [
  ['INC', 'INC.', 'INCORPORATED'],
  ['LLC', 'L.L.C.'],
  ['PLLC', 'P.L.L.C.'],
  ['PC', 'P.C.'],
  ['PA', 'P.A.'],
  ['CORP', 'CORP.', 'CORPORATION'],
  ['CO', 'CO.', 'COMPANY'],
  ['LTD', 'LTD.', 'LIMITED'],
  ['LP', 'L.P.'],
  ['LLP', 'L.L.P.'],
];
const ALL_FORMS = LEGAL_FORM_GROUPS.flat().sort((a, b) => b.length - a.length);
const TRAILING_FORM = new RegExp(`(,?\\s+)(${ALL_FORMS.map((form) => form.replace(/\./g, '\\.')).join('|')})$`, 'i');

/** Splits "SUNRISE HOME HEALTH, LLC" into the core and the trailing legal form. */
export function splitLegalForm(name: string): { core: string; form: string | null } {
  const match = TRAILING_FORM.exec(name);
  if (!match) return { core: name, form: null };
  return { core: name.slice(0, match.index), form: match[2] };
}

export const legalForm: OrganizationVariant = ({ name }, rng) => {
  const { core, form } = splitLegalForm(name);
  if (form === null) return `${core}${rng.chance(0.5) ? ',' : ''} ${rng.pick(['INC', 'LLC'])}`;
  const group = LEGAL_FORM_GROUPS.find((forms) => forms.includes(form.toUpperCase())) ?? [form];
  // Only spellings that read differently once punctuation is folded: "INC" vs "INC." is no variant.
  const others = group.filter((other) => foldName(other) !== foldName(form));
  if (others.length === 0 || rng.chance(0.4)) return core;
  return `${core}${rng.chance(0.5) ? ',' : ''} ${rng.pick(others)}`;
};

export const doingBusinessAs: OrganizationVariant = ({ name, dbaNames }, rng) => {
  if (dbaNames.length === 0) return null;
  const dba = rng.pick(dbaNames);
  const roll = rng.int(3);
  if (roll === 0) return dba;
  return `${name} ${roll === 1 ? 'DBA' : 'D/B/A'} ${dba}`;
};

/** Long form → abbreviation, both directions; applied per token. */
const ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['SAINT', 'ST'],
  ['MOUNT', 'MT'],
  ['CENTER', 'CTR'],
  ['HEALTH', 'HLTH'],
  ['ASSOCIATES', 'ASSOC'],
  ['AND', '&'],
  ['MEDICAL', 'MED'],
  ['SERVICES', 'SVCS'],
  ['SERVICE', 'SVC'],
  ['HOSPITAL', 'HOSP'],
  ['REHABILITATION', 'REHAB'],
  ['MANAGEMENT', 'MGMT'],
  ['INTERNATIONAL', 'INTL'],
];

function abbreviationFor(token: string): string | null {
  const bare = token.replace(/\.$/, '').toUpperCase();
  for (const [long, short] of ABBREVIATIONS) {
    if (bare === long) return short;
    if (bare === short) return long;
  }
  return null;
}

export const abbreviation: OrganizationVariant = ({ name }, rng) => {
  const { core, form } = splitLegalForm(name);
  const tokens = core.split(' ');
  const sites = tokens.map((token, index) => (abbreviationFor(token) ? index : -1)).filter((index) => index >= 0);
  if (sites.length === 0) return null;
  const forced = rng.pick(sites);
  const replaced = tokens.map((token, index) =>
    index === forced || (sites.includes(index) && rng.chance(0.5)) ? abbreviationFor(token)! : token,
  );
  return form ? `${replaced.join(' ')} ${form}` : replaced.join(' ');
};

/** "SMITH & JONES DENTAL" ↔ "JONES & SMITH DENTAL"; otherwise the leading word moves to the end. */
export const wordOrder: OrganizationVariant = ({ name }) => {
  const { core, form } = splitLegalForm(name);
  const tokens = core.replace(/,/g, '').split(' ').filter(Boolean);
  if (tokens.length < 2) return null;
  const ampersand = tokens.indexOf('&');
  let reordered: string[];
  if (ampersand > 0 && ampersand < tokens.length - 1) {
    reordered = [tokens[ampersand + 1], '&', ...tokens.slice(0, ampersand), ...tokens.slice(ampersand + 2)];
  } else {
    reordered = [...tokens.slice(1), tokens[0]];
  }
  const result = reordered.join(' ');
  if (result === tokens.join(' ')) return null;
  return form ? `${result} ${form}` : result;
};

export const organizationTypo: OrganizationVariant = ({ name }, rng) => {
  const { core, form } = splitLegalForm(name);
  const tokens = core.split(' ');
  const sites = tokens.map((token, index) => (/^[A-Z]{4,}$/i.test(token) ? index : -1)).filter((index) => index >= 0);
  if (sites.length === 0) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const index = rng.pick(sites);
    const token = tokens[index].toUpperCase();
    const edited = applyEdit(rng, token, rng.int(token.length + 1), rng.pick(EDIT_OPERATIONS));
    if (!edited || osaDistance(token, edited) !== 1) continue;
    const result = tokens.map((other, at) => (at === index ? edited : other)).join(' ');
    return form ? `${result} ${form}` : result;
  }
  return null;
};
