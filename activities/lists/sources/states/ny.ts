import type { StateListMapping } from './mapping';

/** OMIG exclusion list (XLSX): one full-name column; exact header text unverified, so the NPI key is a prefix. */
export const ny: StateListMapping = {
  state: 'NY',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ny/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['provider_name', 'npi*'],
      action: 'Excluded',
      fields: {
        fullName: 'provider_name',
        npi: 'npi*',
        providerType: 'provider_type',
        startDate: ['exclusion_effective_date', 'effective_date*'],
      },
    },
  ],
};
