import type { StateListMapping } from './mapping';

/** HCA provider termination & exclusion list (XLSX, 3 title rows): names and NPIs stacked on lines in one cell. */
export const wa: StateListMapping = {
  state: 'WA',
  format: 'xlsx',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/wa/med_exclusions/crawler.py',
  layouts: [
    {
      headerKeys: ['name', 'npi_or_p1'],
      fields: {
        fullName: 'name',
        fullNameStacked: true,
        npi: 'npi_or_p1',
        startDate: 'date_of_exclusion',
        action: 'action',
      },
    },
  ],
};
