import type { StateListMapping } from './mapping';

/** NC Medicaid State Excluded Provider List (XLSX, 6 junk rows): the NPI column also holds atypical ids. */
export const nc: StateListMapping = {
  state: 'NC',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/nc/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['excluded_entity', 'npi*'],
      action: 'Excluded',
      fields: {
        fullName: 'excluded_entity',
        owners: 'ownership',
        npi: 'npi*',
        state: 'state',
        startDate: 'effective_date',
      },
    },
  ],
};
