import type { StateListMapping } from './mapping';

/** Alabama's category headings (PHYSICIANS, NURSES, …), printed as rows of their own above their providers. */
const CATEGORIES = [
  'PHYSICIANS',
  'PHYSICIAN ASSISTANTS',
  'DENTISTS/DENTAL PROVIDERS',
  'PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS',
  'HOSPITALS',
  'TRANSPORTATION PROVIDERS',
  'DURABLE MEDICAL EQUIPMENT PROVIDERS',
  'NURSES',
  'NURSES AIDES/ORDERLIES',
  'MEDICAL CLINIC PROVIDERS',
  'PSYCHOLOGY PROVIDERS',
  'MENTAL HEALTH WORKERS/SOCIAL WORKERS',
  'CHIROPRACTORS',
  'PODIATRISTS',
  'RESPIRATORY/PULMONARY CARE PROVIDERS',
  'PHYSICAL THERAPY PROVIDERS',
  'OCCUPATIONAL THERAPY PROVIDERS',
  'AUDIOLOGY PROVIDERS',
  'OPTICAL CARE PROVIDERS',
  'LABORATORY PROVIDERS',
  'MENTAL HEALTH WORKERS/SOCIAL WORKERS/COUNSELORS',
  'OTHER',
];

/**
 * Alabama Medicaid suspended providers, read from the page's "Excel Version" workbook (one sheet):
 * 33 rows of notices above the header, whose name column has no heading; category heading rows
 * between the data; a `NOTE: …` block after it. Names carry `(aka …)`, `dba`, `(NAME, Owner)` and
 * a trailing `, <provider type>`. The page also links a PDF of the same list; an artifact that is
 * that PDF is read with the second layout, in case the workbook is withdrawn.
 */
export const al: StateListMapping = {
  state: 'AL',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/al/med_exclusions/crawler.py',
  pdf: {
    continuationWhenEmpty: 'suspension_effective_date',
    headings: { values: CATEGORIES, column: 'Category' },
    ignoreLines: [/^Page \d+( of \d+)?$/i],
  },
  layouts: [
    {
      headerKeys: ['column_1', 'effective_date'],
      headingRows: { values: CATEGORIES, column: 'Category' },
      stopAtFirstCellMatching: '^NOTE:',
      action: 'Suspended',
      fields: {
        fullName: 'column_1',
        fullNameNotes: 'trailing',
        providerType: 'category',
        startDate: 'effective_date',
      },
    },
    {
      headerKeys: ['name_of_provider', 'suspension_effective_date'],
      action: 'Suspended',
      fields: {
        fullName: 'name_of_provider',
        fullNameNotes: 'trailing',
        providerType: 'category',
        startDate: 'suspension_effective_date',
      },
    },
  ],
};
