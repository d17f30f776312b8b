import type { StateListMapping } from './mapping';

/**
 * Mississippi Division of Medicaid Sanctioned Provider List (XLSX, sheet `Sheet1`, 8 title rows),
 * linked from the Provider Terminations page. Headers span two lines (`Provider First Name` /
 * `(Applicable for Individuals Only)`), so they are matched by prefix. A row names an
 * organization, a person or both (both become entries); several NPIs are split by spaces;
 * an indefinite termination ends `2999-12-31`, kept as that far-off date.
 */
export const ms: StateListMapping = {
  state: 'MS',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/ms/med_exclusions',
  layouts: [
    {
      sheet: 'Sheet1',
      headerKeys: ['provider_entity*', 'provider_organization_name*', 'provider_last_name*'],
      fields: {
        lastName: 'provider_last_name*',
        firstName: 'provider_first_name*',
        middleName: 'provider_mi_name*',
        suffix: 'provider_suffix_name*',
        orgName: 'provider_organization_name*',
        dateOfBirth: 'date_of_birth',
        npi: 'npi',
        state: 'state',
        providerType: 'provider_type',
        action: 'sanction_type',
        startDate: 'termination_effective_date',
        endDate: 'termination_end_date',
      },
    },
  ],
};
