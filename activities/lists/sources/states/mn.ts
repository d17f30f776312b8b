import type { StateListMapping } from './mapping';

/**
 * Minnesota Health Care Programs excluded providers: two XLSX files, Group Providers (practice
 * name) and Individual Providers (first, middle, last name). The artifact is a ZIP of both files
 * as published, so one version always holds the whole list.
 */
export const mn: StateListMapping = {
  state: 'MN',
  format: 'xlsx',
  bundledWorkbooks: true,
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/mn/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['practice_name', 'effective_date_of_exclusion'],
      kind: 'organization',
      fields: {
        fullName: 'practice_name',
        providerType: 'provider_type_description',
        state: 'state',
        action: 'exclusion_status',
        startDate: 'effective_date_of_exclusion',
      },
    },
    {
      headerKeys: ['last_name', 'first_name', 'effective_date_of_exclusion'],
      kind: 'person',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        providerType: 'provider_type_description',
        state: 'state',
        action: 'exclusion_status',
        startDate: 'effective_date_of_exclusion',
      },
    },
  ],
};
