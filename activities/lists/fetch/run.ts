import { basename } from 'node:path';
import type { AutomaticRecipe, LandingPageRecipe, ApiRecipe } from '../sources/recipe';
import { saveResponseBody, type DownloadedArtifact } from '../sources/download';
import { describeRule, findLink } from './links';
import { publisherAddress, type FetchSettings } from './settings';

/** The steps of a recipe, named in a failure (logs, metrics, `screenctl lists status`). */
export type FetchStep = 'landing_page' | 'find_link' | 'api_call' | 'post' | 'download';

/** A recipe step that failed: which step, the HTTP status when there was one, and the address (any key redacted). */
export class FetchStepError extends Error {
  override readonly name = 'FetchStepError';
  constructor(
    readonly step: FetchStep,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What the publisher last served for the source's current version (list_fetch_state). */
export interface PreviousFetch {
  url: string | null;
  etag: string | null;
  lastModified: string | null;
}

export type FetchResult =
  | {
      outcome: 'new';
      /** The publisher address of the artifact (any key redacted). */
      url: string;
      artifactName: string;
      downloaded: DownloadedArtifact;
    }
  | { outcome: 'not_modified'; url: string };

export interface FetchInput {
  sourceKey: string;
  recipe: AutomaticRecipe;
  settings: FetchSettings;
  /** The validators to send back; null when the source has no current version to keep. */
  previous: PreviousFetch | null;
  /** Where the artifact is written. */
  path: string;
  /** Bytes the artifact may hold (byteCap). */
  maxBytes: number;
  /** Secrets a recipe reads (the SAM key), by setting name. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  onBytes?: (bytes: number) => void;
  /** The clock an API recipe dates its request by. */
  now?: Date;
}

const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** The address with every query value of `secretParam` replaced, for messages and logs. */
export function redact(url: string, secretParam: string | null): string {
  if (!secretParam) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.has(secretParam)) parsed.searchParams.set(secretParam, 'REDACTED');
  return parsed.toString();
}

async function request(
  step: FetchStep,
  settings: FetchSettings,
  url: string,
  shownUrl: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    /** The timeout bounds the body too (a page, read whole); a file's body has the idle timeout instead. */
    timeoutCoversBody?: boolean;
  },
): Promise<Response> {
  const headersTimeout = AbortSignal.timeout(settings.responseTimeoutMs);
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  headersTimeout.addEventListener('abort', abort, { once: true });
  if (init.signal?.aborted) controller.abort();
  init.signal?.addEventListener('abort', abort, { once: true });
  let answered = false;
  try {
    const response = await fetch(publisherAddress(settings, url), {
      method: init.method ?? 'GET',
      headers: { 'user-agent': settings.userAgent, ...init.headers },
      body: init.body,
      signal: controller.signal,
      redirect: 'follow',
    });
    answered = true;
    return response;
  } catch (err) {
    const why = headersTimeout.aborted
      ? `no answer within ${settings.responseTimeoutMs} ms`
      : err instanceof Error
        ? ((err.cause as Error)?.message ?? err.message)
        : String(err);
    throw new FetchStepError(step, null, `${init.method ?? 'GET'} ${shownUrl} failed: ${why}`, { cause: err });
  } finally {
    if (!(answered && init.timeoutCoversBody)) headersTimeout.removeEventListener('abort', abort);
  }
}

async function readPage(settings: FetchSettings, url: string, signal?: AbortSignal): Promise<string> {
  const response = await request('landing_page', settings, url, url, {
    headers: { accept: 'text/html,application/xhtml+xml' },
    signal,
    timeoutCoversBody: true,
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchStepError('landing_page', response.status, `GET ${url} answered ${response.status}`);
  }
  const announced = Number(response.headers.get('content-length') ?? 0);
  if (announced > MAX_PAGE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchStepError('landing_page', response.status, `GET ${url} announced a page of ${announced} bytes, over ${MAX_PAGE_BYTES}`);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (bytes > MAX_PAGE_BYTES)
        throw new FetchStepError('landing_page', response.status, `GET ${url} sent a page over ${MAX_PAGE_BYTES} bytes`);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof FetchStepError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new FetchStepError('landing_page', response.status, `GET ${url} stopped after ${bytes} bytes of the page: ${why}`, {
      cause: err,
    });
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The file's publisher address, found by following the recipe's links from its landing page. */
async function discover(recipe: LandingPageRecipe, settings: FetchSettings, signal?: AbortSignal): Promise<string> {
  let pageUrl = recipe.page;
  for (const [index, rule] of recipe.follow.entries()) {
    const html = await readPage(settings, pageUrl, signal);
    const link = findLink(html, pageUrl, rule);
    if (!link)
      throw new FetchStepError(
        'find_link',
        null,
        `no link on ${pageUrl} matches ${describeRule(rule)} (link ${index + 1} of ${recipe.follow.length})`,
      );
    pageUrl = link.url;
  }
  return pageUrl;
}

/** `yyddd` of a UTC day: two-digit year and the day of the year (SAM's Julian file date). */
export function julianDay(day: Date): string {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const ordinal = Math.floor((Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - start) / 86_400_000) + 1;
  return `${String(day.getUTCFullYear() % 100).padStart(2, '0')}${String(ordinal).padStart(3, '0')}`;
}

function apiUrl(recipe: ApiRecipe, day: Date, key: string | null): string {
  const url = new URL(recipe.url);
  for (const [name, value] of Object.entries(recipe.query)) url.searchParams.set(name, value.replaceAll('{yyddd}', julianDay(day)));
  if (key !== null) url.searchParams.set(recipe.key.param, key);
  return url.toString();
}

function conditionalHeaders(previous: PreviousFetch | null, url: string): Record<string, string> {
  if (!previous || previous.url !== url) return {};
  const headers: Record<string, string> = {};
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  return headers;
}

/** `filename` of a Content-Disposition header, when the publisher names the file. */
function dispositionName(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return m ? basename(decodeURIComponent(m[1].trim())) : null;
}

async function finish(
  input: FetchInput,
  response: Response,
  step: FetchStep,
  url: string,
  shownUrl: string,
  knownName: string | null,
): Promise<FetchResult> {
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return { outcome: 'not_modified', url: shownUrl };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchStepError(step, response.status, `${step === 'post' ? 'POST' : 'GET'} ${shownUrl} answered ${response.status}`);
  }
  let downloaded: DownloadedArtifact;
  try {
    downloaded = await saveResponseBody(response, shownUrl, input.path, {
      maxBytes: input.maxBytes,
      idleTimeoutMs: input.settings.responseTimeoutMs,
      onBytes: input.onBytes,
    });
  } catch (err) {
    throw Object.assign(new FetchStepError(step, response.status, err instanceof Error ? err.message : String(err), { cause: err }), {
      kind: err instanceof Error ? err.name : 'Error',
    });
  }
  const name = dispositionName(response) ?? knownName ?? (basename(new URL(url).pathname) || `${input.sourceKey}.artifact`);
  return { outcome: 'new', url: shownUrl, artifactName: name, downloaded };
}

/**
 * Runs a source's recipe: finds the current file (landing page links, the API's dated file),
 * asks for it conditionally when it is the one already held, and streams it to `path` within
 * the byte cap. Throws a FetchStepError naming the step that failed.
 */
export async function fetchFromPublisher(input: FetchInput): Promise<FetchResult> {
  const { recipe, settings, signal } = input;
  switch (recipe.kind) {
    case 'fixed_url':
    case 'json_feed':
    case 'landing_page': {
      const url = recipe.kind === 'landing_page' ? await discover(recipe, settings, signal) : recipe.url;
      const response = await request('download', settings, url, url, { headers: conditionalHeaders(input.previous, url), signal });
      return finish(input, response, 'download', url, url, null);
    }
    case 'form_post': {
      const headers: Record<string, string> = {
        'content-type': recipe.contentType,
        ...(recipe.soapAction ? { soapaction: recipe.soapAction } : {}),
      };
      const response = await request('post', settings, recipe.url, recipe.url, { method: 'POST', headers, body: recipe.body, signal });
      return finish(input, response, 'post', recipe.url, recipe.url, null);
    }
    case 'api': {
      const key = input.env[recipe.key.setting]?.trim();
      if (!key) throw new FetchStepError('api_call', null, `${recipe.key.setting} is not set: the ${input.sourceKey} API needs a key`);
      const now = input.now ?? new Date();
      for (let back = 0; back <= recipe.daysBack; back += 1) {
        const day = new Date(now.getTime() - back * 86_400_000);
        const url = apiUrl(recipe, day, key);
        const shown = redact(url, recipe.key.param);
        const response = await request('api_call', settings, url, shown, { headers: conditionalHeaders(input.previous, shown), signal });
        if (response.status === 404 && back < recipe.daysBack) {
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        const fileName = Object.values(recipe.query)
          .map((v) => v.replaceAll('{yyddd}', julianDay(day)))
          .find((v) => /\.[a-z0-9]{2,4}$/i.test(v));
        return finish(input, response, 'api_call', url, shown, fileName ?? null);
      }
      throw new FetchStepError('api_call', 404, `no ${input.sourceKey} file for the last ${recipe.daysBack + 1} days`);
    }
  }
}
