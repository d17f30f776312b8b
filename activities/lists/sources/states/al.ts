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
  'OTHER',
];

/**
 * Alabama Medicaid suspended providers (PDF, two columns): category heading rows between the
 * data; names carry `(aka …)`, `dba`, `(NAME, Owner)` and a trailing `, <provider type>`.
 */
export const al: StateListMapping = {
  state: 'AL',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/al/med_exclusions/crawler.py',
  pdf: {
    continuationWhenEmpty: 'suspension_effective_date',
    headings: { values: CATEGORIES, column: 'Category' },
    ignoreLines: [/^Page \d+( of \d+)?$/i],
  },
  layouts: [
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
