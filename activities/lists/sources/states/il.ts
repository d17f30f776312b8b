import type { StateListMapping } from './mapping';

/**
 * Illinois HFS-OIG provider sanctions (XLSX exported from a Dynamics 365 portal, sheet
 * `Active Sanctions`): the name is `LAST FIRST M` with no comma, ` DBA ` inside names, and an
 * affiliated business kept for context only. The layout comes from a crawler that has since left
 * the repository's main branch, so the link names its last commit.
 */
export const il: StateListMapping = {
  state: 'IL',
  format: 'xlsx',
  layoutSource:
    'https://github.com/opensanctions/opensanctions/blob/5037e872443a01be475e18c5087d520eacf326ba/datasets/us/il/med_exclusions/crawler.py',
  layouts: [
    {
      sheet: 'Active Sanctions',
      headerKeys: ['provider_name', 'npi', 'action_date'],
      fields: {
        fullName: 'provider_name',
        fullNameOrder: 'last_first',
        affiliation: 'affiliation',
        npi: 'npi',
        providerType: 'provider_type',
        state: 'state',
        action: 'action_type',
        startDate: 'action_date',
      },
    },
  ],
};
