import type { StateListMapping } from './mapping';

/** DHS Medicheck precluded providers (CSV). A person and their business can share a row; both are listed. */
export const pa: StateListMapping = {
  state: 'PA',
  format: 'csv',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/pa/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['nam_last_provr', 'nam_first_provr', 'idn_npi'],
      fields: {
        lastName: 'nam_last_provr',
        firstName: 'nam_first_provr',
        middleName: 'nam_middle_provr',
        suffix: 'nam_suffix_provr',
        orgName: 'nam_busns_mp',
        aliases: 'nam_provr_alt',
        npi: 'idn_npi',
        providerType: 'nam_title_provr',
        action: 'status',
        startDate: 'begindate',
        endDate: 'enddate',
      },
    },
  ],
};
