import type { StateListMapping } from './mapping';

/**
 * Hawaii Med-QUEST Provider Exclusion/Reinstatement List (PDF, header on every page): an entity
 * has its name in the last-name column and no first name; `NONE` for no Medicaid provider id;
 * a reinstatement date, `Indefinite` or `-`; `M/D/YY` dates beside `MM/DD/YYYY` ones. Reinstated
 * providers stay on the list: their end date says the exclusion is over.
 */
export const hi: StateListMapping = {
  state: 'HI',
  format: 'pdf',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/hi/med_exclusions/crawler.py',
  pdf: { continuationWhenEmpty: 'exclusion_date', ignoreLines: [/^Page \d+( of \d+)?$/i] },
  layouts: [
    {
      headerKeys: ['last_name_or_business_name', 'first_name', 'exclusion_date'],
      action: 'Excluded',
      fields: {
        lastName: 'last_name_or_business_name',
        firstName: 'first_name',
        middleName: 'middle_initial',
        providerType: 'last_known_program_or_provider_type',
        startDate: 'exclusion_date',
        endDate: 'reinstatement_date',
      },
    },
  ],
};
