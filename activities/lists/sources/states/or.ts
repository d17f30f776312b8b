import type { StateListMapping } from './mapping';

/**
 * Oregon Medicaid fraud convictions (OHA Program Integrity Audit Unit): a SharePoint document
 * library read through the site's list service (`_vti_bin/Lists.asmx`, SOAP `GetListItems`). Each
 * conviction is one document item whose hyperlink field `URL` holds `<document url>, LAST, FIRST`;
 * items without it are other documents of the library. No dates, no identifiers: a name only.
 */
export const or: StateListMapping = {
  state: 'OR',
  format: 'sharepoint_xml',
  layoutSource: 'https://github.com/opensanctions/opensanctions/blob/main/datasets/us/or/med_exclusions/crawler.py',
  sharePoint: { listingField: 'URL', urlFields: ['URL'] },
  layouts: [
    {
      headerKeys: ['url', 'url_description'],
      kind: 'person',
      action: 'Convicted of Medicaid fraud',
      fields: { fullName: 'url_description' },
    },
  ],
};
