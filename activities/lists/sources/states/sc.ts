import type { StateListMapping } from './mapping';

/** SCDHHS excluded providers (XLSX, 2 title rows): NPI `Not Found`, several NPIs per cell, alias markers in the name. */
export const sc: StateListMapping = {
  state: 'SC',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/sc/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['individual_entity', 'npi'],
      action: 'Excluded',
      fields: {
        fullName: 'individual_entity',
        npi: 'npi',
        providerType: 'last_known_profession_provider_type',
        state: 'state',
        startDate: 'date_excluded',
      },
    },
  ],
};
