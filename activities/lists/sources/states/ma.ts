import type { StateListMapping } from './mapping';

/** MassHealth suspended or excluded providers (XLSX, sheet `Exclusions List`): one full-name column, NPI `NONE`. */
export const ma: StateListMapping = {
  state: 'MA',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ma/med_exclusions/crawler.py',
  layouts: [
    {
      sheet: 'Exclusions List',
      headerKeys: ['provider_name', 'national_provider_identifier_npi'],
      action: 'Suspended or excluded',
      fields: {
        fullName: 'provider_name',
        npi: 'national_provider_identifier_npi',
        providerType: 'provider_type',
        startDate: 'suspension_exclusion_effective_date',
      },
    },
  ],
};
