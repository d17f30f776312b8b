import { memoizeToken } from './memo';
import { boundedEditDistance } from '../strings/editDistance';

/**
 * Common abbreviations in organization names, mapped to one canonical spelling so that
 * "ST JOSEPH MED CTR" and "SAINT JOSEPH MEDICAL CENTER" compare equal token by token.
 */
const GROUPS: string[][] = [
  ['ASSOC', 'ASSOCIATES', 'ASSOCIATION', 'ASSN', 'ASSOCS', 'ASSOCIATE'],
  ['CTR', 'CENTER', 'CENTRE', 'CNTR', 'CENTERS'],
  ['MED', 'MEDICAL'],
  ['HLTH', 'HEALTH'],
  ['HEALTHCARE', 'HLTHCARE', 'HLTHCR'],
  ['SVC', 'SERVICES', 'SERVICE', 'SVCS', 'SERV', 'SRVS', 'SRVCS'],
  ['HOSP', 'HOSPITAL', 'HOSPITALS'],
  ['PHARM', 'PHARMACY', 'PHCY', 'PHARMACIES'],
  ['ST', 'SAINT'],
  ['MT', 'MOUNT'],
  ['INTL', 'INTERNATIONAL'],
  ['MGMT', 'MANAGEMENT', 'MGT'],
  ['DEPT', 'DEPARTMENT'],
  ['BROS', 'BROTHERS'],
  ['LAB', 'LABORATORY', 'LABORATORIES', 'LABS'],
  ['AMB', 'AMBULANCE'],
  ['CLINIC', 'CLINICS', 'CLNC'],
  ['REHAB', 'REHABILITATION'],
  ['UNIV', 'UNIVERSITY'],
  ['SYS', 'SYSTEMS', 'SYSTEM'],
  ['GRP', 'GROUP'],
  ['PHYS', 'PHYSICIANS', 'PHYSICIAN'],
  ['SURG', 'SURGERY', 'SURGICAL'],
  ['EQUIP', 'EQUIPMENT'],
  ['SUPPLY', 'SUPPLIES', 'SUPPL'],
  ['TRANSPORT', 'TRANSPORTATION', 'TRANS'],
  ['CNTY', 'COUNTY'],
  ['SOLUTION', 'SOLUTIONS'],
  ['ENTERPRISE', 'ENTERPRISES', 'ENTPR'],
  ['INST', 'INSTITUTE'],
  ['FDN', 'FOUNDATION'],
  ['PEDS', 'PEDIATRICS', 'PEDIATRIC'],
  ['ORTHO', 'ORTHOPEDIC', 'ORTHOPEDICS', 'ORTHOPAEDIC', 'ORTHOPAEDICS'],
  ['CHIRO', 'CHIROPRACTIC'],
  ['PROF', 'PROFESSIONAL', 'PROFESSIONALS'],
  ['NURSING', 'NRSG'],
  ['THERAPY', 'THERAPIES'],
  ['ASSIST', 'ASSISTED'],
  ['LIVING', 'LVNG'],
  ['DIAG', 'DIAGNOSTIC', 'DIAGNOSTICS'],
  ['IMAGING', 'IMG'],
  ['FAM', 'FAMILY'],
  ['COMM', 'COMMUNITY', 'CMNTY'],
  ['NATL', 'NATIONAL'],
  ['AMER', 'AMERICAN', 'AMERICA'],
  ['N', 'NORTH'],
  ['S', 'SOUTH'],
  ['E', 'EAST'],
  ['W', 'WEST'],
  ['HOMECARE', 'HOMEHEALTH'],
];

const CANONICAL = new Map<string, string>();
for (const group of GROUPS) for (const word of group) CANONICAL.set(word, group[0]);

/** Leading articles and filler that do not identify an organization. */
const STOP = new Set(['THE']);

const FULL_WORDS = [...CANONICAL.keys()].filter((w) => w.length >= 5).sort();

/**
 * The canonical spelling of a word, also for a misspelt long form ("FAILY" -> FAM): otherwise
 * mapping FAMILY to FAM would turn a one-letter typo into a four-letter difference.
 */
export const canonicalOrgWord = memoizeToken(computeCanonicalOrgWord);

function computeCanonicalOrgWord(token: string): string {
  const known = CANONICAL.get(token);
  if (known !== undefined) return known;
  if (token.length < 5 || /\d/.test(token)) return token;
  const allowed = token.length >= 10 ? 2 : 1;
  for (const word of FULL_WORDS) {
    if (Math.abs(word.length - token.length) <= allowed && boundedEditDistance(token, word, allowed) <= allowed)
      return CANONICAL.get(word) as string;
  }
  return token;
}

export function canonicalizeOrgTokens(tokens: string[]): string[] {
  const out = tokens.filter((t) => !STOP.has(t)).map(canonicalOrgWord);
  return out.length > 0 ? out : tokens;
}
