import type { StateListMapping } from './mapping';

/** LDH exclusion database (CSV): a date line above the header, leading spaces in header names, NPI `NRF` = none. */
export const la: StateListMapping = {
  state: 'LA',
  format: 'csv',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/la/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['first_name', 'last_name_or_entity_name', 'npi'],
      fields: {
        lastName: 'last_name_or_entity_name',
        firstName: 'first_name',
        affiliation: 'affiliated_entity',
        dateOfBirth: 'birthdate',
        providerType: 'title_or_provider_type',
        npi: 'npi',
        state: 'state_and_zip',
        action: 'type_of_exclusion',
        startDate: 'effective_date',
        endDate: 'reinstate',
      },
    },
  ],
};
