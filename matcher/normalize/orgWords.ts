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
  ['N', 'NORTH'], ['S', 'SOUTH'], ['E', 'EAST'], ['W', 'WEST'],
  ['HOMECARE', 'HOMEHEALTH'],
];

const CANONICAL = new Map<string, string>();
for (const group of GROUPS) for (const word of group) CANONICAL.set(word, group[0]);

/** Leading articles and filler that do not identify an organization. */
const STOP = new Set(['THE']);

export function canonicalOrgWord(token: string): string {
  return CANONICAL.get(token) ?? token;
}

export function canonicalizeOrgTokens(tokens: string[]): string[] {
  const out = tokens.filter((t) => !STOP.has(t)).map(canonicalOrgWord);
  return out.length > 0 ? out : tokens;
}
