import type { StateListMapping } from './mapping';

/** Georgia Medicaid OIG exclusions (XLSX, 2 title rows): an LEIE-like layout; `AKA` can sit in the middle name. */
export const ga: StateListMapping = {
  state: 'GA',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ga/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'business_name'],
      action: 'Excluded',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        affiliation: 'business_name',
        providerType: 'general',
        state: 'state',
        npi: 'npi',
        startDate: 'sancdate',
      },
    },
  ],
};
