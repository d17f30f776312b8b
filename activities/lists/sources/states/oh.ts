import type { StateListMapping } from './mapping';

/** ODM exclusion and suspension list (XLSX): an Instructions sheet, then Individuals and Organizations sheets. */
export const oh: StateListMapping = {
  state: 'OH',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/oh/med_exclusions/crawler.py',
  layouts: [
    {
      sheet: 'Individuals',
      headerKeys: ['last_name', 'first_name', 'npi'],
      kind: 'person',
      fields: {
        lastName: 'last_name',
        firstName: 'first_name',
        dateOfBirth: 'dob',
        npi: 'npi',
        providerType: 'provider_type',
        action: 'status',
        startDate: 'action_date',
      },
    },
    {
      sheet: 'Organizations',
      headerKeys: ['organization_name', 'npi'],
      kind: 'organization',
      fields: {
        fullName: 'organization_name',
        state: 'state',
        npi: 'npi',
        providerType: 'provider_type',
        action: 'status',
        startDate: 'action_date',
      },
    },
  ],
};
