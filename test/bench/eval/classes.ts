/**
 * The query classes of the labelled set and what a screening service should do with each.
 * `found`: the target must be among the matches (counts toward recall).
 * `clear`: the name belongs to nobody on the list; every match is a false match.
 * `report`: no verdict, the flag rate is printed for the reader (see the note).
 */
export type Expectation = 'found' | 'clear' | 'report';
export type QueryKind = 'person' | 'organization';

export interface QueryClass {
  name: string;
  kind: QueryKind;
  expectation: Expectation;
  /** Clean queries are counted apart from hard negatives. */
  clean?: boolean;
  note: string;
}

export const QUERY_CLASSES: readonly QueryClass[] = [
  { name: 'exact', kind: 'person', expectation: 'found', note: 'the list entry name as printed' },
  { name: 'typo_1edit', kind: 'person', expectation: 'found', note: 'insert/delete/substitute/transpose in first or last name' },
  {
    name: 'typo_2edits',
    kind: 'person',
    expectation: 'found',
    note: 'one edit in each of first and last, or two apart in a 7+ letter token',
  },
  { name: 'ocr', kind: 'person', expectation: 'found', note: '0/O 1/I/L 5/S rn/m cl/d vv/w, one or two' },
  { name: 'nickname', kind: 'person', expectation: 'found', note: 'first name swapped per nicknames==1.0.1 (either direction)' },
  { name: 'order_swap', kind: 'person', expectation: 'found', note: '"LAST, FIRST M", "LAST FIRST MI", "LAST JR, FIRST"' },
  { name: 'middle_missing', kind: 'person', expectation: 'found', note: 'middle dropped, or added when the list has none' },
  { name: 'initials', kind: 'person', expectation: 'found', note: 'middle to initial, or first to initial with full middle' },
  {
    name: 'suffix_credential',
    kind: 'person',
    expectation: 'found',
    note: 'JR/III dropped or added, ", MD"/"RN"/"(LPN)" added or dropped',
  },
  { name: 'compound_format', kind: 'person', expectation: 'found', note: 'SMITH-JONES / SMITH JONES / SMITHJONES' },
  { name: 'compound_half', kind: 'person', expectation: 'found', note: 'one half of a compound surname (maiden/married name alone)' },
  { name: 'diacritics', kind: 'person', expectation: 'found', note: 'accents added or removed (JOSÉ NÚÑEZ / JOSE NUNEZ)' },
  { name: 'merge_split', kind: 'person', expectation: 'found', note: "MARY ANN/MARYANN, MC DONALD/MCDONALD, O'BRIEN/OBRIEN" },
  { name: 'alias', kind: 'person', expectation: 'found', note: 'an AKA/maiden name the list entry carries' },
  { name: 'different_middle', kind: 'person', expectation: 'found', note: 'same first and last, other middle: still a potential match' },
  {
    name: 'compound_spanish',
    kind: 'person',
    expectation: 'found',
    note: 'paternal+maternal (hyphen/space/Y/first in the middle box, or paternal only): one part, both, Y, other order',
  },
  {
    name: 'compound_particle',
    kind: 'person',
    expectation: 'found',
    note: 'DE LA CRUZ / DEL RIO / DELA CRUZ: particles dropped, glued, respaced, or that part alone',
  },
  {
    name: 'compound_portuguese',
    kind: 'person',
    expectation: 'found',
    note: 'maternal+paternal (DA SILVA, maternal in the middle box): one part, both, other order',
  },
  {
    name: 'compound_listed_middle',
    kind: 'person',
    expectation: 'found',
    note: 'compound surname (space, hyphen, Y, particle, Portuguese) listed with a middle name or initial; roster: one part, both, other order',
  },
  {
    name: 'compound_reverse',
    kind: 'person',
    expectation: 'found',
    note: 'list has one surname, roster both: SMITH-JONES / JONES-SMITH / SMITH Y JONES',
  },
  {
    name: 'nickname_spanish',
    kind: 'person',
    expectation: 'found',
    note: 'Spanish given name as its hypocorism (PACO, PEPE, LUPE, CHUY...) per matcher/normalize/hypocorisms.csv',
  },
  {
    name: 'nickname_short_form',
    kind: 'person',
    expectation: 'found',
    note: 'English clipped form (BARB, KATH...) per matcher/normalize/shortForms.csv',
  },
  {
    name: 'vietnamese',
    kind: 'person',
    expectation: 'found',
    note: 'diacritics on/off, called name or surname first, THI/VAN kept or dropped',
  },
  {
    name: 'cjk_given',
    kind: 'person',
    expectation: 'found',
    note: 'Korean/Chinese given name as one word, two or hyphenated (SEO-YEON/SEO YEON/SEOYEON), either order',
  },
  {
    name: 'filipino',
    kind: 'person',
    expectation: 'found',
    note: "mother's maiden middle name as initial, kept or dropped; surname first with or without comma",
  },
  {
    name: 'indian',
    kind: 'person',
    expectation: 'found',
    note: 'surname first (comma or not) or as an initial before/after; compound given name as one word',
  },
  { name: 'org_exact', kind: 'organization', expectation: 'found', note: 'the legal name as printed' },
  { name: 'org_legal_form', kind: 'organization', expectation: 'found', note: 'INC/INCORPORATED/none, LLC/L.L.C.' },
  { name: 'org_dba', kind: 'organization', expectation: 'found', note: 'the DBA name alone, or "LEGAL DBA TRADE"' },
  { name: 'org_abbreviation', kind: 'organization', expectation: 'found', note: 'SAINT/ST, MOUNT/MT, CENTER/CTR, HEALTH/HLTH, &/AND…' },
  { name: 'org_word_order', kind: 'organization', expectation: 'found', note: 'A & B / B & A, or the leading word moved last' },
  { name: 'org_typo_1edit', kind: 'organization', expectation: 'found', note: 'one edit in one word' },
  {
    name: 'neg_first_name',
    kind: 'person',
    expectation: 'clear',
    note: 'listed surname and middle, another first name (3+ edits, no nickname link)',
  },
  { name: 'neg_surname', kind: 'person', expectation: 'clear', note: 'listed first and middle, another surname (3+ edits)' },
  { name: 'neg_org_name', kind: 'organization', expectation: 'clear', note: 'listed org with its leading word replaced (3+ edits)' },
  {
    name: 'gender_pair',
    kind: 'person',
    expectation: 'report',
    note: 'ALEXANDER/ALEXANDRA: 1-2 edits, indistinguishable from a typo by name alone; DOB/NPI must decide',
  },
  { name: 'clean_person', kind: 'person', expectation: 'clear', clean: true, note: 'fresh persons, on no list and near no listed name' },
  { name: 'clean_org', kind: 'organization', expectation: 'clear', clean: true, note: 'fresh organizations, on no list and near none' },
];
