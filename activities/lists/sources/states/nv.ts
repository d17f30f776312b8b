import type { StateListMapping } from './mapping';

/**
 * Nevada Medicaid provider exclusions and sanctions (PDF, landscape, header on every page): one
 * name cell with `aka` / `dba` inside, several NPIs or Nevada Medicaid ids stacked in one cell,
 * several contract termination dates stacked likewise (the earliest starts the sanction), the
 * associated legal entity and the persons with a controlling interest of 5% or more, the
 * Nevada sanction tier, period and end date, and the OIG exclusion and reinstatement dates.
 *
 * Rows of the `Federal` tier are kept, though the crawler drops them (it reads the LEIE
 * separately): Nevada lists them as its own contract terminations, and a screening against
 * Nevada's list must find every provider Nevada lists. Their tier is their action, so a hit says
 * it mirrors a federal exclusion.
 *
 * The associated legal entity is context (the crawler links it without a sanction of its own),
 * so it is no entry; controlling persons are kept as aliases, as owners are elsewhere. A notice
 * row (`Effective February …`) across the table is no listing.
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
