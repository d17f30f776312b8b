import type { StateListMapping } from './mapping';

/**
 * Nevada Medicaid exclusions and sanctions (PDF; cells hold `aka`/`dba`, stacked ids and stacked
 * termination dates, the earliest starting the sanction). `Federal` tier rows are kept: Nevada
 * lists them as its own terminations, and the tier as action says a hit mirrors the LEIE. The
 * associated legal entity is context, not an entry; controlling persons become aliases; a notice
 * row across the table is no listing.
 */
export const nv: StateListMapping = {
  state: 'NV',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/nv/med_exclusions/crawler.py',
  pdf: {
    continuationWhenEmpty: 'nevada_medicaid_sanction_tier',
    ignoreLines: [/^Page \d+( of \d+)?$/i, /^Effective February\b/i],
  },
  layouts: [
    {
      // By prefix: the header is found within its first three lines, and narrow columns wrap
      // `Nevada / Medicaid / Sanction / Tier` over four.
      headerKeys: ['excluded_providers*', 'contract_termination*', 'nevada_medicaid_sanction*'],
      fields: {
        fullName: 'excluded_providers_entities_and_or_individuals',
        npi: ['sanctioned_excluded_npi', 'sanctioned_exclude_d_npi'],
        affiliation: 'associated_legal_entity',
        owners: 'persons_with_controlling_interest_of_5_or_more',
        providerType: 'provider_type',
        action: 'nevada_medicaid_sanction_tier',
        startDates: ['contract_termination_date'],
        endDate: 'nevada_medicaid_sanction_period_end_date',
      },
    },
  ],
};
