/**
 * Each catalog source's fetch recipe (format in recipe.ts), by source key; fetchRecipes.test.ts
 * fails while a catalog source has none. Publisher facts (address, link text, format, not code)
 * come from the publishers' pages and the OpenSanctions crawlers (datasets/us/<state>/med_exclusions,
 * commit f33cff2 of 2026-08-22); a caveat marks publishers OpenSanctions reaches only through a US
 * proxy, which may refuse a client abroad (reported by the fetch, `stale` in the coverage report).
 */
import type { FetchRecipe } from './recipe';

const OS = (path: string): string => `OpenSanctions datasets/us/${path} (crawler.py and .yml)`;
const US_ONLY = 'OpenSanctions fetches this publisher through an unblocking proxy from a US address: expect 403 from outside the US';
const UNBLOCK =
  'OpenSanctions fetches this page through an unblocking proxy: a bot wall may refuse a plain client (reported as a 403 at the page step)';

export const FETCH_RECIPES: Readonly<Record<string, FetchRecipe>> = {
  oig_leie: {
    kind: 'fixed_url',
    url: 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv',
    reliedOn: `${OS('hhs_exclusions')}: data url https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv, the full CSV, fetched directly.`,
  },
  sam_exclusions: {
    kind: 'api',
    url: 'https://api.sam.gov/data-services/v1/extracts',
    query: { fileName: 'SAM_Exclusions_Public_Extract_V2_{yyddd}.ZIP' },
    key: { param: 'api_key', setting: 'SAM_API_KEY' },
    daysBack: 3,
    reliedOn:
      'GSA Extracts Download API (open.gsa.gov/api/sam-entity-extracts-api): the public exclusions extract needs a SAM.gov account API key. ' +
      `${OS('sam_exclusions')}: file name SAM_Exclusions_Public_Extract_V2 with the three-digit Julian date, published daily as a ZIP. ` +
      'Unconfirmed from here: the `fileName` query parameter name (check on the first run; OpenSanctions lists files keyless at sam.gov/api/prod/fileextractservices/v1/api/listfiles).',
  },
  nppes: {
    kind: 'landing_page',
    page: 'https://download.cms.gov/nppes/NPI_Files.html',
    follow: [{ href: 'NPPES_Data_Dissemination_[A-Za-z]+_\\d{4}_V2\\.zip$', pick: 'newest_by_date_in_name' }],
    reliedOn:
      `${OS('cms_npi')}: the NPI files page links the monthly full file as NPPES_Data_Dissemination_<Month>_<Year>_V2.zip (about 1 GB); ` +
      'the weekly incremental files (NPPES_Data_Dissemination_MMDDYY_MMDDYY_Weekly_V2.zip) are linked from the same page and are not read (the adapter reads the full file).',
  },
  state_ak: {
    kind: 'landing_page',
    page: 'https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/',
    follow: [{ text: 'Current Alaska Excluded provider list' }],
    reliedOn: `${OS('ak/med_exclusions')}: link text "Current Alaska Excluded provider list", a PDF.`,
    caveat: US_ONLY,
  },
  state_al: {
    kind: 'landing_page',
    page: 'https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx',
    follow: [{ text: 'Excel Version', href: '\\.xlsx($|\\?)' }],
    reliedOn: `${OS('al/med_exclusions')}: since May 2026 the crawler takes the link whose text contains "Excel Version" (an XLSX whose name changes each release) instead of the PDF; the adapter still reads the PDF should the workbook be withdrawn.`,
    caveat: UNBLOCK,
    retrieval:
      'the page links the workbook as "Excel Version" (and the same list as a PDF); the file name changes with each release, so the link is found on the page. The OpenSanctions crawler has read the XLSX since May 2026 and fetches both page and file through an unblocking proxy, so a plain scheduled fetch may be refused: then an operator downloads the Excel Version by hand and runs `screenctl lists ingest state_al <file>` (the PDF is read too, should the workbook be withdrawn)',
  },
  state_ar: {
    kind: 'fixed_url',
    url: 'https://dhs.arkansas.gov/dhs/portal/exclusions/publicsearch/Download',
    reliedOn: `${OS('ar/med_exclusions')}: data url .../exclusions/publicsearch/Download answers the CSV directly.`,
    caveat: US_ONLY,
  },
  state_az: {
    kind: 'fixed_url',
    url: 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf',
    reliedOn: `${OS('az/med_exclusions')}: fixed PDF address.`,
    caveat: UNBLOCK,
  },
  state_ca: {
    kind: 'landing_page',
    page: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi',
    follow: [{ text: 'Suspended.*Ineligible.*List' }, { text: 'Suspended.*Ineligible.*List' }, { href: '\\.csv' }],
    reliedOn: `${OS('ca/med_exclusions')}: three pages deep: a "Suspended and Ineligible Provider List" link to the dataset, the same text to its resource, then the .csv link.`,
    caveat: US_ONLY,
  },
  state_co: {
    kind: 'landing_page',
    page: 'https://hcpf.colorado.gov/provider-termination',
    follow: [{ text: 'Terminated Provider List' }],
    reliedOn: `${OS('co/med_exclusions')}: the link whose text holds "Terminated Provider List", an XLSX.`,
    caveat: UNBLOCK,
  },
  state_dc: {
    kind: 'fixed_url',
    url: 'https://ocp.dc.gov/page/excluded-parties-list',
    reliedOn: `${OS('dc/exclusions')}: the list is the HTML tables of this page, fetched directly.`,
  },
  state_de: {
    kind: 'fixed_url',
    url: 'https://medicaidpublications.dhss.delaware.gov/docs/Search?Command=Core_Download&EntryId=1671',
    reliedOn: `${OS('de/med_exclusions')}: a fixed document id (EntryId=1671) answers the current PDF.`,
    caveat: UNBLOCK,
  },
  state_ga: {
    kind: 'landing_page',
    page: 'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list',
    follow: [{ attribute: { name: 'data-text', pattern: 'List of Excluded Individuals' } }],
    reliedOn: `${OS('ga/med_exclusions')}: the link whose data-text attribute holds "List of Excluded Individuals", an XLSX, fetched directly.`,
  },
  state_hi: {
    kind: 'landing_page',
    page: 'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html',
    follow: [{ text: 'Med Prov Excl-Rein List' }],
    reliedOn: `${OS('hi/med_exclusions')}: link text "Med Prov Excl-Rein List", a PDF.`,
    caveat: US_ONLY,
  },
  state_ia: {
    kind: 'landing_page',
    page: 'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities',
    follow: [{ text: 'Sanctions List' }],
    reliedOn: `${OS('ia/med_exclusions')}: link text "Sanctions List", an XLSX, fetched directly.`,
  },
  state_il: {
    kind: 'manual',
    page: 'https://hfs.illinois.gov/oig/sanctionslist.html',
    reason:
      'the sanctions page leads to a Dynamics 365 portal whose Excel file is made only when its Download button is clicked in a browser (a JavaScript entity list)',
    reliedOn:
      'The only crawler is an unmerged OpenSanctions pull request that drives a headless browser to click `.entitylist-download.btn` on ilhfspartner3.dynamics365portals.us (states/jurisdictions.ts cites it).',
    retrieval:
      'the sanctions page leads to a Dynamics 365 portal (ilhfspartner3.dynamics365portals.us) whose list is a JavaScript entity list; its Excel file is made when the Download button is clicked (`/_services/download-as-excel/`). The only crawler, an unmerged OpenSanctions pull request, drives a headless browser to click it. A scheduled fetch cannot work: an operator clicks Download on the portal and runs `screenctl lists ingest state_il <file>`',
  },
  state_in: {
    kind: 'landing_page',
    page: 'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/',
    follow: [{ text: '^Terminated providers$' }],
    reliedOn: `${OS('in/med_exclusions')}: the one element whose text is exactly "Terminated providers", an XLSX, fetched directly.`,
  },
  state_ks: {
    kind: 'landing_page',
    page: 'https://www.kdhe.ks.gov/172/Medicaid',
    follow: [{ text: '^Termination List \\(XLSX\\)$' }],
    reliedOn: `${OS('ks/med_exclusions')}: link text "Termination List (XLSX)".`,
    caveat: UNBLOCK,
  },
  state_ky: {
    kind: 'fixed_url',
    url: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx',
    reliedOn: `${OS('ky/med_exclusions')}: fixed XLSX address.`,
    caveat: UNBLOCK,
  },
  state_la: {
    kind: 'landing_page',
    page: 'https://adverseactions.ldh.la.gov/SelSearch/',
    follow: [{ text: 'Download CSV' }],
    reliedOn: `${OS('la/med_exclusions')}: link text "Download CSV" (the .yml names .../SelSearch/SelSearch/Export as the data url).`,
    caveat: UNBLOCK,
  },
  state_ma: {
    kind: 'landing_page',
    page: 'https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers',
    follow: [{ text: 'XLSX' }],
    reliedOn: `${OS('ma/med_exclusions')}: the link around the text "XLSX".`,
    caveat: UNBLOCK,
  },
  state_md: {
    kind: 'landing_page',
    page: 'https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx',
    follow: [{ text: 'Maryland Medicaid Sanctioned Provider List' }],
    reliedOn: `${OS('md/med_exclusions')}: link text "Maryland Medicaid Sanctioned Provider List", an XLSX.`,
    caveat: UNBLOCK,
  },
  state_me: {
    kind: 'manual',
    page: 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx',
    reason:
      'the current report is named only in JSON embedded in a SharePoint page (the newest folder of the document library), and the portal answers US addresses only',
    reliedOn: `${OS('me/med_exclusions')}: WPQ2ListData parsed out of the page, newest row by ID, then <folder>/PI0008-PM Monthly Exclusion Report.xlsx; fetched through a US proxy.`,
  },
  state_mi: {
    kind: 'landing_page',
    page: 'https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers',
    follow: [{ text: 'List of Sanctioned Providers \\(XLSX\\)' }],
    reliedOn: `${OS('mi/med_exclusions')}: the link around the text "List of Sanctioned Providers (XLSX)".`,
    caveat: UNBLOCK,
  },
  state_mn: {
    kind: 'manual',
    page: 'https://mn.gov/dhs/partners-and-providers/program-overviews/mhcp/',
    reason:
      'the list is two XLSX files (group and individual providers) that the adapter reads as one ZIP, which the operator builds from both downloads',
    reliedOn: `${OS('mn/med_exclusions')}: links "MHCP Excluded Group Providers" and "MHCP Excluded Individual Providers", fetched through a US proxy.`,
  },
  state_mo: {
    kind: 'landing_page',
    page: 'https://mmac.mo.gov/providers/provider-sanctions/',
    follow: [{ href: 'sanction-list.*\\.xlsx' }],
    reliedOn: `${OS('mo/med_exclusions')}: the link whose href holds "sanction-list" and ".xlsx" (any case).`,
    caveat: US_ONLY,
  },
  state_ms: {
    kind: 'landing_page',
    page: 'https://medicaid.ms.gov/providers/provider-terminations/',
    follow: [{ text: 'Sanctioned Provider List' }],
    reliedOn: `${OS('ms/med_exclusions')}: link text "Sanctioned Provider List", an XLSX, fetched directly.`,
  },
  state_mt: {
    kind: 'landing_page',
    page: 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders',
    follow: [{ text: '^Download Excluded or Terminated Provider list in Excel$' }],
    reliedOn: `${OS('mt/med_exclusions')}: link text "Download Excluded or Terminated Provider list in Excel", fetched directly.`,
  },
  state_nc: {
    kind: 'landing_page',
    page: 'https://medicaid.ncdhhs.gov/providers/excluded-providers',
    follow: [{ text: '^State Excluded Provider List$' }],
    reliedOn: `${OS('nc/med_exclusions')}: link text "State Excluded Provider List", an XLSX, fetched directly.`,
  },
  state_nd: {
    kind: 'landing_page',
    page: 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse',
    follow: [{ text: 'ND Medicaid Provider Exclusion List', href: '\\.xlsx$' }],
    reliedOn: `${OS('nd/med_exclusions')}: link text "ND Medicaid Provider Exclusion List" with an href ending .xlsx, fetched directly.`,
  },
  state_ne: {
    kind: 'fixed_url',
    url: 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf',
    reliedOn: `${OS('ne/med_exclusions')}: fixed PDF address.`,
    caveat: UNBLOCK,
  },
  state_nh: {
    kind: 'landing_page',
    page: 'https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations',
    follow: [{ text: 'Provider Exclusion and Sanctions List' }],
    reliedOn: `${OS('nh/med_exclusions')}: link text "Provider Exclusion and Sanctions List", an XLSX.`,
    caveat: UNBLOCK,
  },
  state_nj: {
    kind: 'fixed_url',
    url: 'https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf',
    reliedOn: `${OS('nj/med_exclusions')}: fixed PDF address, fetched directly.`,
  },
  state_nv: {
    kind: 'landing_page',
    page: 'https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/',
    follow: [{ text: '^NV Exclusion List$' }],
    reliedOn: `${OS('nv/med_exclusions')}: link text "NV Exclusion List", a PDF.`,
    caveat: US_ONLY,
  },
  state_ny: {
    kind: 'fixed_url',
    url: 'https://apps.omig.ny.gov/exclusions/exporttoexcel.aspx',
    reliedOn: `${OS('ny/med_exclusions')}: the export address answers the XLSX directly.`,
  },
  state_oh: {
    kind: 'landing_page',
    page: 'https://medicaid.ohio.gov/wps/portal/gov/medicaid/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list',
    follow: [{ text: 'Medicaid.*Exclusion.*Suspension', href: 'xlsx' }],
    reliedOn: `${OS('oh/med_exclusions')}: link text with "Medicaid", "Exclusion" and "Suspension" and an href holding "xlsx".`,
    caveat: US_ONLY,
  },
  state_pa: {
    kind: 'fixed_url',
    url: 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk?target=_blank',
    reliedOn: `${OS('pa/med_exclusions')}: the Medicheck address answers the CSV directly.`,
  },
  state_sc: {
    kind: 'landing_page',
    page: 'https://www.scdhhs.gov/fraud',
    follow: [{ text: 'South Carolina Medicaid Excluded/Terminated Providers' }],
    reliedOn: `${OS('sc/med_exclusions')}: link text "South Carolina Medicaid Excluded/Terminated Providers", an XLSX.`,
    caveat: US_ONLY,
  },
  state_tn: {
    kind: 'json_feed',
    url: 'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity/_jcr_content/content/tn_accordion/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json',
    reliedOn: `${OS('tn/med_exclusions')}: the JSON feed behind the program-integrity page's table (the crawler adds a cache-busting \`_\` parameter, left out here so conditional requests work).`,
    caveat: US_ONLY,
  },
  state_wa: {
    kind: 'landing_page',
    page: 'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
    follow: [{ text: 'the HCA Medicaid providers listing' }],
    reliedOn: `${OS('wa/med_exclusions')}: link text "the HCA Medicaid providers listing", an XLSX, fetched directly.`,
  },
  state_wv: {
    kind: 'manual',
    page: 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion',
    reason:
      'the file is behind an ASP.NET grid whose links are postbacks; its address is built from hidden cells of the newest grid row, and the download wants the page as Referer',
    reliedOn: `${OS('wv/med_exclusions')}: rgRow rows, javascript:__doPostBack links, then /SharepointDownload?parent=…&docname=….`,
  },
  state_wy: {
    kind: 'landing_page',
    page: 'https://health.wyo.gov/healthcarefin/medicaid/',
    follow: [{ text: 'Wyoming Medicaid Provider Exclusion List' }],
    reliedOn: `${OS('wy/med_exclusions')}: link text "Wyoming Medicaid Provider Exclusion List", a PDF.`,
    caveat: US_ONLY,
  },
  state_or: {
    kind: 'form_post',
    url: 'https://www.oregon.gov/oha/FOD/PIAU/_vti_bin/Lists.asmx',
    contentType: 'text/xml; charset=utf-8',
    soapAction: 'http://schemas.microsoft.com/sharepoint/soap/GetListItems',
    body:
      '<?xml version="1.0" encoding="utf-8"?>' +
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
      '<GetListItems xmlns="http://schemas.microsoft.com/sharepoint/soap/">' +
      '<listName>Documents</listName><viewName>{9070D930-A5F7-4AFC-9EF4-943645B8E724}</viewName>' +
      '<queryOptions><QueryOptions><IncludeAttachmentUrls>TRUE</IncludeAttachmentUrls></QueryOptions></queryOptions>' +
      '</GetListItems></soap:Body></soap:Envelope>',
    reliedOn: `${OS('or/med_exclusions')}: a SOAP 1.1 GetListItems call (list Documents, that view, attachment URLs included) to the SharePoint list service, answered with XML rows, sent with a plain request; the SOAPAction header is SharePoint's standard one, unconfirmed from here.`,
    retrieval:
      'a SOAP POST of GetListItems (list `Documents`, view `{9070D930-A5F7-4AFC-9EF4-943645B8E724}`) to https://www.oregon.gov/oha/FOD/PIAU/_vti_bin/Lists.asmx answers XML rows; the OpenSanctions crawler sends it with a plain request twice a month, so a scheduled fetch with that request body works',
  },
  state_tx: {
    kind: 'manual',
    page: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions',
    reason:
      "the .xls comes from an ASP.NET form post that needs the page's fresh __VIEWSTATE and __EVENTVALIDATION, and the portal answers US addresses only",
    reliedOn: `${OS('tx/med_exclusions')}: GET .../Exclusions/ctl/DOW/mid/384, then POST it back with __EVENTTARGET=dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS, through a US proxy; the answer is an .xls with sheet EXCEL_Destination.`,
    retrieval:
      "the download page is an ASP.NET form: the .xls comes back from a POST of the page's __VIEWSTATE and __EVENTVALIDATION with __EVENTTARGET `dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS`, and the site answers US visitors only (the OpenSanctions crawler goes through a US-located unblocking proxy and is kept out of its CI). A scheduled fetch from outside the US cannot work: an operator in the US downloads the Excel file from the page by hand and runs `screenctl lists ingest state_tx <file>`",
  },
  state_fl: {
    kind: 'manual',
    page: 'https://ahca.myflorida.com',
    reason: "no public source gives the current address of AHCA's final-orders report, which an older importer read as FOReport.xls",
    reliedOn:
      'An older public importer (rommelpascualsv/exclusion-importer) and the OpenSanctions tracking issue, which records an access issue (states/jurisdictions.ts cites both).',
    retrieval:
      "an older public importer read AHCA's final-orders report as an .xls (`FOReport.xls`) with these columns and kept only suspension and termination rows; no public source gives the report's current address, and the OpenSanctions tracking issue records an access issue. An operator downloads the final-orders report from AHCA Medicaid Program Integrity by hand and runs `screenctl lists ingest state_fl <file>`",
  },
  state_ct: {
    kind: 'manual',
    page: 'https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list?language=en_US',
    reason:
      'portal.ct.gov refuses automated requests with 403, and the table sits inside a frame: an operator saves the framed table as HTML',
    reliedOn: 'OpenSanctions request issue #407 (the 403) and an older importer that read the table (states/jurisdictions.ts cites both).',
    retrieval:
      "the page shows the table inside a frame, and portal.ct.gov refuses automated requests with 403 (OpenSanctions request issue #407; their crawler is written but fails to extract). A scheduled fetch cannot work: an operator opens the page in a browser, saves the framed table's HTML, and runs `screenctl lists ingest state_ct <file>`",
  },
  state_id: {
    kind: 'manual',
    page: 'https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1',
    reason: 'the address is a Laserfiche viewer page, not the PDF, and no public crawler has fetched the document unattended',
    reliedOn:
      'An OpenSanctions request issue gives the document link; older importers parsed the list as a PDF (states/jurisdictions.ts cites them).',
    retrieval:
      "the list is a document in the department's Laserfiche WebLink repository (document id 6158); DocView.aspx is a viewer page, not the file, and no public crawler has fetched it unattended. An operator opens the document link, downloads the PDF, and runs `screenctl lists ingest state_id <file>`",
  },
  state_vt: {
    kind: 'manual',
    page: 'https://www.vtmedicaid.com/#/provEnrollExcluded',
    reason: 'the list is served by a JavaScript application with no static file address: an operator exports the Excel file from it',
    reliedOn:
      'OpenSanctions request issues give the DVHA data address; an older importer read an XLSX export (states/jurisdictions.ts cites them).',
    retrieval:
      "DVHA's page (https://dvha.vermont.gov/providers/medicaid-excluded-providers) links the list at vtmedicaid.com, a JavaScript application (`#/provEnrollExcluded`) with no static file address; the older importer read its Excel export. A scheduled fetch cannot work: an operator opens the application, exports the list as Excel, and runs `screenctl lists ingest state_vt <file>`",
  },
};

/** The recipe of a catalog source; a source without one is fetched by hand. */
export function recipeFor(key: string): FetchRecipe | null {
  return FETCH_RECIPES[key] ?? null;
}
