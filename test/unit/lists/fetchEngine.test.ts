import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fetchFromPublisher, FetchStepError, julianDay, redact, type FetchInput } from '../../../activities/lists/fetch/run';
import { dateInName, findLink } from '../../../activities/lists/fetch/links';
import { byteCap, fetchFromPublishers, fetchSettings, publisherAddress } from '../../../activities/lists/fetch/settings';
import type { AutomaticRecipe } from '../../../activities/lists/sources/recipe';
import { scratchDir } from '../../fixtures/lists/builders';
import { landingPage, startFakePublisher, type FakePublisher } from '../../fixtures/lists/fakePublisher';

/** Each recipe kind against a fake publisher on loopback, through the one publisher-base setting. */
let publisher: FakePublisher;
beforeAll(async () => {
  publisher = await startFakePublisher();
});
afterAll(async () => {
  await publisher.close();
});

function input(recipe: AutomaticRecipe, overrides: Partial<FetchInput> = {}): FetchInput {
  return {
    sourceKey: 'test_source',
    recipe,
    settings: fetchSettings({
      LIST_PUBLISHER_BASE_URL: publisher.base,
      LIST_FETCH_TIMEOUT_MS: '2000',
      LIST_FETCH_CONTACT: 'ops@example.org',
    }),
    previous: null,
    path: join(scratchDir(), 'artifact'),
    maxBytes: 1024 * 1024,
    env: {},
    ...overrides,
  };
}

const reliedOn = 'test';

describe('the fetch switch and its settings', () => {
  it('is on by default only when NODE_ENV is production, and LIST_FETCH overrides it either way', () => {
    expect(fetchFromPublishers({})).toBe(false);
    expect(fetchFromPublishers({ NODE_ENV: 'test' })).toBe(false);
    expect(fetchFromPublishers({ NODE_ENV: 'production' })).toBe(true);
    expect(fetchFromPublishers({ NODE_ENV: 'production', LIST_FETCH: 'off' })).toBe(false);
    expect(fetchFromPublishers({ LIST_FETCH: 'publishers' })).toBe(true);
    expect(() => fetchFromPublishers({ LIST_FETCH: 'yes' })).toThrow(/LIST_FETCH must be "publishers" or "off"/);
  });

  it('caps a download at a multiple of the current artifact, within the floor and the ceiling', () => {
    const settings = fetchSettings({ LIST_FETCH_MAX_BYTES: '1000000', LIST_FETCH_CAP_MULTIPLE: '4', LIST_FETCH_CAP_FLOOR_BYTES: '1000' });
    expect(byteCap(settings, null)).toBe(1_000_000);
    expect(byteCap(settings, 10)).toBe(1000);
    expect(byteCap(settings, 5000)).toBe(20_000);
    expect(byteCap(settings, 900_000)).toBe(1_000_000);
  });

  it('rewrites every publisher address under LIST_PUBLISHER_BASE_URL, host kept as the first path segment', () => {
    const settings = fetchSettings({ LIST_PUBLISHER_BASE_URL: 'http://127.0.0.1:9/' });
    expect(publisherAddress(settings, 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv?a=1')).toBe(
      'http://127.0.0.1:9/oig.hhs.gov/exclusions/downloadables/UPDATED.csv?a=1',
    );
    expect(publisherAddress(fetchSettings({}), 'https://oig.hhs.gov/x.csv')).toBe('https://oig.hhs.gov/x.csv');
  });
});

describe('finding the current file on a landing page', () => {
  it('reads the date in a file name in the forms publishers use', () => {
    expect(dateInName('List_20250301.xlsx')).toBe(20250301);
    expect(dateInName('List_2025-03-01.xlsx')).toBe(20250301);
    expect(dateInName('List_03-01-2025.pdf')).toBe(20250301);
    expect(dateInName('NPPES_Data_Dissemination_March_2025_V2.zip')).toBe(20250301);
    expect(dateInName('SAM_Exclusions_Public_Extract_V2_25060.ZIP')).toBe(20250301);
    expect(dateInName('Exclusions.xlsx')).toBeNull();
  });

  it('picks the newest dated link when asked, the first matching one otherwise, and resolves it against the publisher address', () => {
    const html = landingPage('Files', [
      '<a href="files/List_2025-01-01.xlsx">Exclusion list (January)</a>',
      '<a href="/files/List_2025-03-01.xlsx">Exclusion list (March)</a>',
      '<a href="https://cdn.example.gov/List_2025-02-01.xlsx">Exclusion list (February)</a>',
    ]);
    const page = 'https://agency.example.gov/program/page.html';
    expect(findLink(html, page, { text: 'Exclusion list' })?.url).toBe('https://agency.example.gov/program/files/List_2025-01-01.xlsx');
    expect(findLink(html, page, { text: 'Exclusion list', pick: 'newest_by_date_in_name' })?.url).toBe(
      'https://agency.example.gov/files/List_2025-03-01.xlsx',
    );
    expect(findLink(html, page, { href: 'cdn\\.example' })?.text).toBe('Exclusion list (February)');
    expect(findLink(html, page, { text: 'Sanctions' })).toBeNull();
  });
});

describe('each recipe kind against a fake publisher', () => {
  it('fixed URL: downloads with a User-Agent naming the service and its contact, and keeps the validators', async () => {
    publisher.serve('https://fixed.example.gov/list.csv', {
      body: 'a,b\n1,2\n',
      etag: '"v1"',
      lastModified: 'Tue, 04 Nov 2025 08:00:00 GMT',
    });
    const fetched = await fetchFromPublisher(input({ kind: 'fixed_url', url: 'https://fixed.example.gov/list.csv', reliedOn }));
    expect(fetched).toMatchObject({ outcome: 'new', artifactName: 'list.csv', downloaded: { bytes: 8, validators: { etag: '"v1"' } } });
    expect(publisher.requests.at(-1)?.headers['user-agent']).toBe('ExclusionScreeningService/1 (list fetcher; contact: ops@example.org)');
  });

  it('fixed URL: asks conditionally for the file it holds, and a 304 downloads nothing', async () => {
    publisher.serve('https://fixed.example.gov/same.csv', { body: 'a\n', lastModified: 'Tue, 04 Nov 2025 08:00:00 GMT' });
    const path = join(scratchDir(), 'artifact');
    const fetched = await fetchFromPublisher(
      input(
        { kind: 'fixed_url', url: 'https://fixed.example.gov/same.csv', reliedOn },
        { path, previous: { url: 'https://fixed.example.gov/same.csv', etag: null, lastModified: 'Tue, 04 Nov 2025 08:00:00 GMT' } },
      ),
    );
    expect(fetched).toEqual({ outcome: 'not_modified', url: 'https://fixed.example.gov/same.csv' });
    expect(publisher.requests.at(-1)?.headers['if-modified-since']).toBe('Tue, 04 Nov 2025 08:00:00 GMT');
    expect(existsSync(path)).toBe(false);
  });

  it('landing page: follows the link, and names the find_link step when it is gone', async () => {
    const recipe: AutomaticRecipe = {
      kind: 'landing_page',
      page: 'https://agency.example.gov/lists/',
      follow: [{ text: 'Excluded Providers' }],
      reliedOn,
    };
    publisher.serve(recipe.page, {
      body: landingPage('Lists', ['<a href="/docs/Excluded_2025-11-01.xlsx">Excluded Providers</a>']),
      contentType: 'text/html',
    });
    publisher.serve('https://agency.example.gov/docs/Excluded_2025-11-01.xlsx', { body: 'xlsx bytes' });
    expect(await fetchFromPublisher(input(recipe))).toMatchObject({
      outcome: 'new',
      url: 'https://agency.example.gov/docs/Excluded_2025-11-01.xlsx',
    });
    publisher.serve(recipe.page, { body: landingPage('Lists', ['<a href="/docs/other.pdf">Annual report</a>']), contentType: 'text/html' });
    await expect(fetchFromPublisher(input(recipe))).rejects.toMatchObject({
      name: 'FetchStepError',
      step: 'find_link',
      message: 'no link on https://agency.example.gov/lists/ matches text /Excluded Providers/ (link 1 of 1)',
    });
    publisher.remove(recipe.page);
    await expect(fetchFromPublisher(input(recipe))).rejects.toMatchObject({ step: 'landing_page', status: 404 });
  });

  it('API: sends the key from its setting, goes back a day when today’s file is not there, and never shows the key', async () => {
    const recipe: AutomaticRecipe = {
      kind: 'api',
      url: 'https://api.example.gov/extracts',
      query: { fileName: 'Extract_V2_{yyddd}.ZIP' },
      key: { param: 'api_key', setting: 'TEST_API_KEY' },
      daysBack: 2,
      reliedOn,
    };
    const now = new Date('2025-03-02T12:00:00Z');
    const yesterday = `Extract_V2_${julianDay(new Date('2025-03-01T00:00:00Z'))}.ZIP`;
    expect(yesterday).toBe('Extract_V2_25060.ZIP');
    publisher.handle(recipe.url, (request) => {
      const query = new URL(`http://x/${request.target}`).searchParams;
      if (query.get('api_key') !== 's3cret-key') return { status: 403, body: 'forbidden' };
      return query.get('fileName') === yesterday ? { body: 'zip bytes' } : { status: 404, body: 'none' };
    });
    const fetched = await fetchFromPublisher(input(recipe, { env: { TEST_API_KEY: 's3cret-key' }, now }));
    expect(fetched).toMatchObject({
      outcome: 'new',
      artifactName: yesterday,
      url: `https://api.example.gov/extracts?fileName=${yesterday}&api_key=REDACTED`,
    });
    const refused = await fetchFromPublisher(input(recipe, { env: { TEST_API_KEY: 'wrong-key' }, now })).catch(
      (err: FetchStepError) => err,
    );
    expect(refused).toMatchObject({ step: 'api_call', status: 403 });
    expect(JSON.stringify({ message: (refused as Error).message, stack: (refused as Error).stack })).not.toContain('wrong-key');
    await expect(fetchFromPublisher(input(recipe, { env: {} }))).rejects.toMatchObject({
      step: 'api_call',
      message: /TEST_API_KEY is not set/,
    });
    expect(redact('https://a.example/x?api_key=k&b=1', 'api_key')).toBe('https://a.example/x?api_key=REDACTED&b=1');
  });

  it('form POST and SOAP call: sends the body with its content type (and SOAPAction), and saves the answer', async () => {
    publisher.serve('https://soap.example.gov/Service.asmx', {
      body: '<rows/>',
      contentType: 'text/xml',
      contentDisposition: 'attachment; filename="exclusions.xml"',
    });
    const fetched = await fetchFromPublisher(
      input({
        kind: 'form_post',
        url: 'https://soap.example.gov/Service.asmx',
        contentType: 'text/xml; charset=utf-8',
        body: '<Envelope><Body><GetList/></Body></Envelope>',
        soapAction: 'urn:GetList',
        reliedOn,
      }),
    );
    expect(fetched).toMatchObject({ outcome: 'new', artifactName: 'exclusions.xml' });
    expect(publisher.requests.at(-1)).toMatchObject({
      method: 'POST',
      body: '<Envelope><Body><GetList/></Body></Envelope>',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'urn:GetList' },
    });
  });

  it('JSON feed: saves the feed as it is', async () => {
    publisher.serve('https://feed.example.gov/table.json', { body: '{"data":[]}', contentType: 'application/json' });
    const path = join(scratchDir(), 'feed.json');
    await fetchFromPublisher(input({ kind: 'json_feed', url: 'https://feed.example.gov/table.json', reliedOn }, { path }));
    expect(readFileSync(path, 'utf8')).toBe('{"data":[]}');
  });
});

describe('a bounded download', () => {
  const recipe: AutomaticRecipe = { kind: 'fixed_url', url: 'https://big.example.gov/list.csv', reliedOn };

  it('refuses a file whose Content-Length is over the cap without downloading it', async () => {
    publisher.serve(recipe.url, { body: Buffer.alloc(5000, 'a') });
    const path = join(scratchDir(), 'artifact');
    await expect(fetchFromPublisher(input(recipe, { path, maxBytes: 4000 }))).rejects.toMatchObject({
      step: 'download',
      message: /announced 5000 bytes, over the source's byte cap of 4000; not downloaded/,
    });
    expect(existsSync(path)).toBe(false);
  });

  it('counts a gzip body decompressed: a small compressed body that inflates past the cap is stopped while it streams', async () => {
    publisher.serve(recipe.url, { body: Buffer.alloc(5_000_000, 'a'), gzip: true });
    const path = join(scratchDir(), 'artifact');
    await expect(fetchFromPublisher(input(recipe, { path, maxBytes: 100_000 }))).rejects.toMatchObject({
      step: 'download',
      message: /passed the source's byte cap of 100000 bytes/,
    });
    expect(statSync(path).size).toBeLessThanOrEqual(100_000);
  });

  it('takes a gzip body under the cap whole, decompressed', async () => {
    publisher.serve(recipe.url, { body: Buffer.alloc(50_000, 'b'), gzip: true });
    const path = join(scratchDir(), 'artifact');
    expect(await fetchFromPublisher(input(recipe, { path, maxBytes: 100_000 }))).toMatchObject({ downloaded: { bytes: 50_000 } });
  });

  it('gives up on a publisher that stops sending for longer than the timeout', async () => {
    publisher.serve(recipe.url, { body: Buffer.alloc(10_000, 'c'), stallAt: 0.5 });
    const settings = fetchSettings({ LIST_PUBLISHER_BASE_URL: publisher.base, LIST_FETCH_TIMEOUT_MS: '300' });
    await expect(fetchFromPublisher(input(recipe, { settings }))).rejects.toMatchObject({
      step: 'download',
      message: /sent nothing for 300 ms after 5000 bytes/,
    });
  });

  it('gives a landing page the same time to arrive whole, and names the landing_page step when it does not', async () => {
    const page: AutomaticRecipe = { kind: 'landing_page', page: 'https://slow.example.gov/lists/', follow: [{ text: 'List' }], reliedOn };
    publisher.serve(page.page, { body: landingPage('Slow', ['<a href="/l.xlsx">List</a>']), contentType: 'text/html', stallAt: 0.3 });
    const settings = fetchSettings({ LIST_PUBLISHER_BASE_URL: publisher.base, LIST_FETCH_TIMEOUT_MS: '300' });
    await expect(fetchFromPublisher(input(page, { settings }))).rejects.toMatchObject({
      step: 'landing_page',
      message: /^GET https:\/\/slow\.example\.gov\/lists\/ stopped after \d+ bytes of the page/,
    });
  });

  it('names the download step and the status on a 404', async () => {
    publisher.serve(recipe.url, { body: 'no', status: 404 });
    await expect(fetchFromPublisher(input(recipe))).rejects.toMatchObject({
      step: 'download',
      status: 404,
      message: `GET ${recipe.url} answered 404`,
    });
  });
});
