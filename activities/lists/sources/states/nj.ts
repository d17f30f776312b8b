import type { StateListMapping } from './mapping';

/**
 * New Jersey debarment / exclusion report (PDF): a cover page, shaded rows, names wrapping
 * across lines, an empty title for an entity, and an expiration that is a date, `PERMANENT` or
 * `DECEASED`. The narrow state column's header wraps to `STA` / `TE`.
 */
export const nj: StateListMapping = {
  state: 'NJ',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/nj/med_exclusions/crawler.py',
  pdf: { skipPages: 1, continuationWhenEmpty: 'effective_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['provider_name', 'npi_number', 'effective_date'],
      fields: {
        fullName: 'provider_name',
        npi: 'npi_number',
        // The narrow column's header breaks inside the word (`STAT` / `E`, `STA` / `TE`).
        state: 'sta*',
        action: 'action',
        startDate: 'effective_date',
        endDate: 'expiration_date',
      },
    },
  ],
};
