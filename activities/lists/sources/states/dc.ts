import type { StateListMapping } from './mapping';

/**
 * District of Columbia OCP Excluded Parties List (an HTML page): parties suspended or debarred
 * from District business, Medicaid included. The page holds four tables, individuals and
 * companies, current and historical, each with its header in plain `<td>` cells; the end column
 * is `Expiration Date` or `Termination Date`. Dates read `May 28, 2009` (a cell may hold
 * several: the first counts); names may carry `a/k/a` and `aka "…"`. Historical rows are kept
 * with their end date. A company's principals stay in the raw row only: their cells mix the
 * name with a title (`…, President`).
 */
const common = {
  principalAddress: 'principal_address',
  endDate: ['expiration_date', 'termination_date'],
};

export const dc: StateListMapping = {
  state: 'DC',
  format: 'html',
  layoutSource: 'https://github.com/opensanctions/opensanctions/tree/main/datasets/us/dc/exclusions',
  layouts: [
    {
      headerKeys: ['name_of_individual', 'action_date'],
      kind: 'person',
      action: 'Suspended or debarred',
      fields: {
        fullName: 'name_of_individual',
        state: common.principalAddress,
        startDate: 'action_date',
        endDate: common.endDate,
      },
    },
    {
      headerKeys: ['name_of_company', 'action_date'],
      kind: 'organization',
      action: 'Suspended or debarred',
      fields: {
        fullName: 'name_of_company',
        state: common.principalAddress,
        startDate: 'action_date',
        endDate: common.endDate,
      },
    },
  ],
};
