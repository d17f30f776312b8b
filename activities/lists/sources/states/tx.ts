import type { StateListMapping } from './mapping';

/**
 * Texas HHSC OIG exclusions (legacy Excel 97–2003 `.xls`, one sheet `EXCEL_Destination`): a person
 * row has a last name; a row with none is the company in `CompanyName`, whose cell may carry
 * `dba`/`d/b/a` (sometimes cut at 50 characters). `ReinstatedDate` ends an exclusion.
 */
export const tx: StateListMapping = {
  state: 'TX',
  format: 'xls',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/tx/med_exclusions/crawler.py',
  layouts: [
    {
      sheet: 'EXCEL_Destination',
      headerKeys: ['lastname', 'firstname', 'companyname', 'startdate'],
      action: 'Excluded',
      fields: {
        lastName: 'lastname',
        firstName: 'firstname',
        middleName: 'midinitial',
        affiliation: 'companyname',
        npi: 'npi',
        providerType: 'occupation',
        startDate: 'startdate',
        endDate: 'reinstateddate',
      },
    },
  ],
};
