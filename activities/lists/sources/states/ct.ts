import type { StateListMapping } from './mapping';

/**
 * Connecticut DSS Quality Assurance administrative actions (an HTML table inside the page's
 * frame): a title row above the header, the person's business in its own column (context only
 * unless no person is named), `N/A` for empty cells, the action and its period in words.
 */
export const ct: StateListMapping = {
  state: 'CT',
  format: 'html',
  layoutSource:
    'https://github.com/rommelpascualsv/exclusion-importer/blob/9c228f0a1040b8195d6a8678c2cd5758d7406561/app/Import/Lists/Connecticut.php',
  layouts: [
    {
      headerKeys: ['name', 'business', 'effective_date', 'action'],
      fields: {
        fullName: 'name',
        affiliation: 'business',
        providerType: 'specialty',
        state: 'address',
        action: 'action',
        startDate: 'effective_date',
      },
    },
  ],
};
