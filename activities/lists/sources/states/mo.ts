import type { StateListMapping } from './mapping';

/** Missouri MMAC provider sanctions (XLSX, 1 title row): one full-name column, NPI and license `N/A`, 2-digit years. */
export const mo: StateListMapping = {
  state: 'MO',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/mo/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['provider_name', 'npi', 'term_date'],
      action: 'Terminated',
      fields: {
        fullName: 'provider_name',
        npi: 'npi',
        providerType: 'prov_type_specialty',
        startDate: 'term_date',
      },
    },
  ],
};
