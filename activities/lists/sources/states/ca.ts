import type { StateListMapping } from './mapping';

/** Medi-Cal Suspended & Ineligible Provider List (CSV). `N/A` is the null everywhere; businesses have first name N/A. */
export const ca: StateListMapping = {
  state: 'CA',
  format: 'csv',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/ca/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['last_name', 'first_name', 'provider_number'],
      action: 'Suspended',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        aliases: 'a_k_a*',
        aliasSeparator: ';',
        providerType: 'provider_type',
        npi: 'provider_number',
        startDate: 'date_of_suspension',
        endDate: 'active_period',
      },
    },
  ],
};
