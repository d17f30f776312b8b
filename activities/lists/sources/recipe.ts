/**
 * How a source's current artifact is fetched from its publisher: data, one entry per source key
 * in recipes.ts, read by the fetch engine (../fetch/). Adding a source's recipe is one entry there.
 *
 * Every URL is the publisher's real address. `LIST_PUBLISHER_BASE_URL` (tests, a mirror) rewrites
 * each to `<base>/<host><path>` without touching the recipe (../fetch/publisherBase.ts).
 */

/** How one link is found on a page: every given rule must hold; text and attribute matches ignore case. */
export interface LinkRule {
  /** A RegExp source matched against the link's visible text (spaces collapsed) or its `title`. */
  text?: string;
  /** A RegExp source matched against the `href` as written in the page. */
  href?: string;
  /** A RegExp source matched against one attribute (GA's `data-text`). */
  attribute?: { name: string; pattern: string };
  /**
   * Which of several matching links: `first` in page order (the default), or `newest_by_date_in_name`,
   * the one whose href carries the latest date (YYYYMMDD, YYYY-MM-DD, Month_YYYY, YYDDD after `_V2_`…).
   */
  pick?: 'first' | 'newest_by_date_in_name';
}

interface RecipeBase {
  /**
   * What the recipe relies on and where it comes from (a crawler, the publisher's page), and
   * what is unconfirmed from here: the operator checks it on the first real run.
   */
  reliedOn: string;
  /**
   * Known obstacles that do not stop an unattended fetch outright (a publisher that answers only
   * US addresses, one that OpenSanctions reaches through an unblocking proxy). Shown by
   * `screenctl lists fetch` and in docs/lists.md.
   */
  caveat?: string;
  /**
   * How the file is obtained, in full, where that needs more than a plain download (the lists
   * researched last): the address, form or request, where that was read and, where a scheduled
   * fetch may not get it, what an operator does instead. Each state's Status in docs/lists.md.
   */
  retrieval?: string;
}

/** The artifact is always at one address. */
export interface FixedUrlRecipe extends RecipeBase {
  kind: 'fixed_url';
  url: string;
}

/** A page (and, for CA, further pages) links to the current file, whose name changes with each release. */
export interface LandingPageRecipe extends RecipeBase {
  kind: 'landing_page';
  page: string;
  /** The links to follow from the page: every one but the last leads to another page; the last is the file. */
  follow: LinkRule[];
}

/** An API call with its parameters and a key from configuration (SAM's extracts download). */
export interface ApiRecipe extends RecipeBase {
  kind: 'api';
  url: string;
  /** Query parameters; `{yyddd}` stands for the UTC day being asked for (two-digit year, day of year). */
  query: Record<string, string>;
  /** The query parameter that carries the key, and the setting the key comes from. Never logged. */
  key: { param: string; setting: string };
  /** Asked for today first, then each earlier day up to this many days back (the day's file may not exist yet). */
  daysBack: number;
}

/** A form POST or a SOAP call whose answer is the artifact. */
export interface PostRecipe extends RecipeBase {
  kind: 'form_post';
  url: string;
  contentType: 'application/x-www-form-urlencoded' | 'text/xml; charset=utf-8';
  body: string;
  /** The SOAPAction header of a SOAP call. */
  soapAction?: string;
}

/** A JSON document behind a web table, fetched as it is (the adapter reads its records). */
export interface JsonFeedRecipe extends RecipeBase {
  kind: 'json_feed';
  url: string;
}

/** A publisher that cannot be fetched unattended: ingested by hand with `screenctl lists ingest`. */
export interface ManualRecipe {
  kind: 'manual';
  /** Why no recipe can fetch it (a JavaScript application, a grid behind postbacks, two files to bundle by hand). */
  reason: string;
  /** Where the operator downloads it. */
  page: string;
  reliedOn: string;
  /**
   * How the file is obtained, in full, where that needs more than a plain download (the lists
   * researched last): the address, form or request, where that was read and, what an operator does instead. Each state's Status in docs/lists.md.
   */
  retrieval?: string;
}

export type FetchRecipe = FixedUrlRecipe | LandingPageRecipe | ApiRecipe | PostRecipe | JsonFeedRecipe | ManualRecipe;
export type AutomaticRecipe = Exclude<FetchRecipe, ManualRecipe>;

export function isAutomatic(recipe: FetchRecipe): recipe is AutomaticRecipe {
  return recipe.kind !== 'manual';
}

/** One line for docs/lists.md and the operator view: how the source is fetched. */
export function describeRecipe(recipe: FetchRecipe): string {
  switch (recipe.kind) {
    case 'fixed_url':
      return `fixed URL ${recipe.url}`;
    case 'landing_page':
      return `link on ${recipe.page}${recipe.follow.length > 1 ? ` (${recipe.follow.length} pages deep)` : ''}`;
    case 'api':
      return `API ${recipe.url} (key from ${recipe.key.setting})`;
    case 'form_post':
      return `${recipe.soapAction ? 'SOAP call' : 'form POST'} to ${recipe.url}`;
    case 'json_feed':
      return `JSON feed ${recipe.url}`;
    case 'manual':
      return `by hand (screenctl lists ingest): ${recipe.reason}`;
  }
}
