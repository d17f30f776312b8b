/**
 * The declarative description of one state's list. The generic engine (engine.ts) reads the
 * artifact with it; a state file under states/ holds nothing but one of these objects.
 *
 * Column references are normalized header keys (lowercase, non-alphanumeric runs → `_`,
 * trimmed): `"Date of Suspension"` → `date_of_suspension`. A key ending in `*` matches any
 * header starting with it; an array lists alternatives, first found wins.
 */
export type ColumnRef = string | string[];

export interface SheetLayout {
  /** XLSX sheet to read (case-insensitive). Omitted: any sheet (or the CSV) whose header matches. */
  sheet?: string;
  /** Keys that must all be present in a row for it to be the header row (title rows above are skipped). */
  headerKeys: string[];
  /** Every row of this layout is this kind (OH's Individuals / Organizations sheets). */
  kind?: 'person' | 'organization';
  /** A column that says each row's kind (IA's enrollment type): these values mean organization, any other a person. */
  kindColumn?: { column: ColumnRef; organization: string[] };
  /** Reading stops at the row whose first cell is this text (MD's legend block after the data). */
  stopAtFirstCell?: string;
  /** A row whose name cell starts with this (a RegExp source, any case) only adds an alias to the row above (MT). */
  aliasRowPrefix?: string;
  /** Rows whose text matches this (a RegExp source, any case) are notes among the data, not listings (IN). */
  skipRowsMatching?: string;
  /** Reading stops at the row whose first cell matches this (a RegExp source, any case): AL's `NOTE: …` block after the data. */
  stopAtFirstCellMatching?: string;
  /**
   * Category heading rows between the data (AL's `PHYSICIANS`, `NURSES`): a row whose only text is
   * one of `values` (any case) is no listing; it fills the extra column `column` of the rows below it.
   */
  headingRows?: { values: string[]; column: string };
  /**
   * Only rows whose cell in `column` matches `matching` (a RegExp source, any case) are listings
   * (FL's final orders: suspensions and terminations bar a provider, fines do not). The other rows
   * are read and counted as skipped, and become no entry.
   */
  keepRowsWhere?: { column: ColumnRef; matching: string };
  /** Fixed action when the list has no action column. */
  action?: string;
  fields: {
    lastName?: ColumnRef;
    firstName?: ColumnRef;
    middleName?: ColumnRef;
    suffix?: ColumnRef;
    /** One cell holding the whole name. */
    fullName?: ColumnRef;
    /** Word order of a full name without a comma (with a comma it is always `LAST, FIRST`). */
    fullNameOrder?: 'first_last' | 'last_first';
    /** The name cell stacks several names on separate lines: the first is primary, the rest aliases (WA). */
    fullNameStacked?: boolean;
    /** Like fullNameStacked, with this separator (a RegExp source) instead of line breaks (KS: `/`). */
    fullNameSeparator?: string;
    /**
     * Notes written after the name in the name cell, taken out first: `trailing` for AL's
     * `, <provider type>` and `(aka …)` / `(… Owner)` notes, `credential` for DE's `, DO` / `(PCA)`.
     */
    fullNameNotes?: 'trailing' | 'credential';
    /** An organization listed on the same row as a person: it becomes an entry of its own (PA, AR). */
    orgName?: ColumnRef;
    /** An affiliated business named for context only; it becomes the entry only when no person is named. */
    affiliation?: ColumnRef;
    /** Alias / DBA columns, split by aliasSeparator (default `;` and newlines). */
    aliases?: ColumnRef;
    aliasSeparator?: string;
    /** Numbered first/last alias column pairs, each pair one alias (ME: `Alias First Name 1`, `Alias Last Name 1`, …). */
    aliasNames?: { firstName: ColumnRef; lastName: ColumnRef }[];
    /** Owner columns: owner names are kept as aliases so screening the owner finds the entry. */
    owners?: ColumnRef;
    npi?: ColumnRef;
    dateOfBirth?: ColumnRef;
    /** A state column, or a combined `CITY, ST 12345` / `ST 12345` cell. */
    state?: ColumnRef;
    providerType?: ColumnRef;
    action?: ColumnRef;
    startDate?: ColumnRef;
    /**
     * Several start-date columns, each cell possibly holding several dates (MI's Sanction Date1 and
     * Date2): every date found counts and the earliest is the start date. Used instead of startDate.
     */
    startDates?: ColumnRef[];
    endDate?: ColumnRef;
  };
}

export interface StateListMapping {
  /** USPS code of the publishing state. */
  state: string;
  /**
   * `html`: every `<table>` of the page is read like a sheet (its caption is the sheet name).
   * `json`: an array of flat records (or one under `json.recordsAt`) is one sheet whose header is the records' keys.
   * `xls`: a legacy Excel 97–2003 (BIFF8) workbook, each sheet read like an XLSX sheet.
   * `sharepoint_xml`: the SOAP answer of a SharePoint list service (`Lists.asmx` GetListItems), one sheet
   * whose header is the items' field names.
   *
   * A header cell left empty is named by its 1-based position: `column_1`, `column_2`, ….
   */
  format: 'csv' | 'xlsx' | 'xls' | 'html' | 'pdf' | 'json' | 'sharepoint_xml';
  /**
   * The state publishes its list as several workbooks (MN: group and individual providers): the
   * artifact is a ZIP holding them as published, and every layout must be found, or it is refused.
   */
  bundledWorkbooks?: boolean;
  /** The layouts of the artifact's sheets (one for a CSV or a PDF table). Sheets no layout names are ignored. */
  layouts: SheetLayout[];
  /** The public page this layout was taken from (a crawler that reads the real file, or the publisher's own notes). */
  layoutSource: string;
  /**
   * How a PDF's text is laid out as a table. With format `pdf`, the artifact is that PDF; with
   * another format, the publisher prints the same list as a PDF too (AL), and an artifact that is
   * a PDF is read with these options instead.
   */
  pdf?: PdfTableOptions;
  /** Where a JSON artifact keeps its records (format `json` only). */
  json?: JsonRecordsOptions;
  /** Which SharePoint items are listings and which fields are hyperlinks (format `sharepoint_xml` only). */
  sharePoint?: SharePointRowsOptions;
}

export interface SharePointRowsOptions {
  /** The field (without `ows_`) every listed item has; items without it (other documents, folders) are left out. */
  listingField: string;
  /** Hyperlink fields (`<url>, <description>`): each becomes `<field>` (the URL) and `<field>_description`. */
  urlFields?: string[];
}

export interface JsonRecordsOptions {
  /** The top-level property holding the records array (TennCare's feed: `data`). Omitted: the document is the array. */
  recordsAt?: string;
}

/**
 * A PDF table is rebuilt from positioned text: lines by y, columns by the x of the header's
 * cells. The header (the first layout's headerKeys) is looked for on every page, so a repeated
 * header is dropped and a page without one continues the table.
 */
export interface PdfTableOptions {
  /** Leading pages that hold no table (a cover page or a letter). */
  skipPages?: number;
  /**
   * A line whose cell in this column is empty continues the record above it (a wrapped name or
   * licence). Default: the first column.
   */
  continuationWhenEmpty?: ColumnRef;
  /**
   * Columns whose wrapped text is one token broken anywhere (`26505-12` / `34`, a date): their
   * lines join with no space. Other columns join with a space, or none after a hyphen or slash.
   */
  tokenColumns?: ColumnRef[];
  /** Page furniture (titles, `Page 3 of 12`, run dates) matched against a line's whole text: never data. */
  ignoreLines?: RegExp[];
  /**
   * Category heading rows (AL): a line whose whole text is one of `values` (case-insensitive) is no
   * record; it fills the extra column `column` of the records below it until the next heading.
   */
  headings?: { values: string[]; column: string };
}
