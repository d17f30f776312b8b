import type { StateListMapping } from './mapping';

/**
 * Kansas KDHE Medicaid termination list (XLSX, one title row), linked as "Termination List (XLSX)".
 * The name cell holds several names split by `/` (the first is the listed name); the DBA cell
 * several business names split by ` / ` or `, ` (but `, Inc.` belongs to its name); the NPI cell
 * several NPIs split by `;` or line breaks. The KMAP provider number is kept in the raw row only.
 */
export const ks: StateListMapping = {
  state: 'KS',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/ks/med_exclusions',
  layouts: [
    {
      headerKeys: ['name', 'kmap_provider', 'termination_date'],
      action: 'Terminated',
      fields: {
        fullName: 'name',
        fullNameSeparator: '\\s*/\\s*',
        aliases: 'd_b_a_business_name',
        aliasSeparator: '\\s+/\\s+|,(?!\\s*[Ii][Nn][Cc]\\b)\\s*',
        npi: 'npi',
        providerType: 'provider_type',
        startDate: 'termination_date',
      },
    },
  ],
};
