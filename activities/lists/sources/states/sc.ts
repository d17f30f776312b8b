import type { StateListMapping } from './mapping';

/** SCDHHS excluded providers (XLSX, 2 title rows): NPI `Not Found`, several NPIs per cell, alias markers in the name. */
export const sc: StateListMapping = {
  state: 'SC',
  format: 'xlsx',
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
