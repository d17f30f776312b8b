import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { ingestArtifact, type IngestResult } from '../../../activities/lists';
import { POTENTIAL_MATCH_LABEL } from '../../../matcher/types';
import { awaitFreshWindow, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { copyFixture, createListsDatabase, type ListsDatabase } from '../lists/support';
import { accessibilityViolations, describeInBrowser, launchBrowser, watchPage } from '../support/browser';

let db: ListsDatabase;
let gw: InProcessGateway;
let browser: Browser;
let leie: IngestResult;

async function publish(sourceKey: string, fixture: string): Promise<IngestResult> {
  const result = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: copyFixture(fixture) });
  if (result.outcome !== 'published') throw new Error(`${sourceKey} not published: ${result.outcome}`);
  return result;
}

function freshPrefix(): string {
  return `${process.env.REDIS_KEY_PREFIX}pages:${randomUUID()}:`;
}

describeInBrowser('web pages in a real browser', () => {
  beforeAll(async () => {
    db = await createListsDatabase();
    leie = await publish('oig_leie', 'leie/UPDATED.csv');
    await publish('state_ca', 'states/ca.csv');
    await publish('sam_exclusions', 'sam/SAM_Exclusions_Public_Extract_V2_25060.CSV');
    gw = await startInProcessGateway({
      databaseUrl: db.url,
      redisKeyPrefix: freshPrefix(),
      publicLimits: { perIpPerMinute: 100, globalPerMinute: 1000 },
    });
    await gw.matcherServer?.loader.reload();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await db?.drop();
  });

  async function openPage(url: string): Promise<{ page: Page; watched: ReturnType<typeof watchPage> }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const watched = watchPage(page, new URL(url).origin);
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    return { page, watched };
  }

  async function lookUp(page: Page, name: string, type = ''): Promise<string> {
    await page.fill('#name', name);
    await page.check(`input[name="type"][value="${type}"]`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/public/lookup'));
    await page.click('#submit');
    await answered;
    await page.waitForFunction(
      () => document.getElementById('outcome')?.getAttribute('aria-busy') === null && !document.getElementById('outcome')?.hidden,
    );
    return page.$eval('#outcome', (el) => (el as HTMLElement).dataset.state ?? '');
  }

  describe('GET / (free lookup page)', () => {
    it('shows a listed name as a potential match, with the label, source, list version and the notice the API returns', async () => {
      const { page, watched } = await openPage(`${gw.url}/`);
      const apiAnswer = page.waitForResponse((r) => r.url().endsWith('/v1/public/lookup')).then((r) => r.json());
      expect(await lookUp(page, 'Jordan Exampleson', 'person')).toBe('potential_match');
      const api = await apiAnswer;
      expect(api.results.length).toBeGreaterThan(0);

      const shown = await page.$$eval('#results .result', (items) =>
        items.map((li) => ({
          label: li.querySelector('.label')?.textContent,
          name: li.querySelector('.listed-name')?.textContent,
          source: li.getAttribute('data-source'),
          sourceName: li.querySelector('[data-field="sourceName"]')?.textContent,
          listVersionId: li.querySelector('[data-field="listVersionId"]')?.textContent,
        })),
      );
      expect(shown).toEqual(
        api.results.map((r: { name: string; source: string; sourceName: string; listVersionId: string }) => ({
          label: POTENTIAL_MATCH_LABEL,
          name: r.name,
          source: r.source,
          sourceName: r.sourceName,
          listVersionId: r.listVersionId,
        })),
      );
      expect(shown).toContainEqual(
        expect.objectContaining({ name: expect.stringMatching(/EXAMPLESON/), source: 'oig_leie', listVersionId: leie.versionId }),
      );
      expect(await page.$eval('#notice', (el) => el.textContent)).toBe(api.notice);
      expect(await page.$eval('#status', (el) => el.textContent)).toMatch(/potential match.*verification required/i);
      expect(watched).toEqual({ foreignRequests: [], refusedByPolicy: [], consoleErrors: [] });
      await page.close();
    });

    it('shows a name on no list as clear, with the notice', async () => {
      const { page, watched } = await openPage(`${gw.url}/`);
      expect(await lookUp(page, 'Quillon Zabriskie-Mott')).toBe('clear');
      expect(await page.$$eval('#results .result', (items) => items.length)).toBe(0);
      expect(await page.$eval('#status', (el) => el.textContent)).toMatch(/No potential match/);
      expect(await page.$eval('#notice', (el) => el.textContent)).toMatch(/potential matches only/);
      expect(watched).toEqual({ foreignRequests: [], refusedByPolicy: [], consoleErrors: [] });
      await page.close();
    });

    it('shows a refused lookup (429) as a readable message with the wait in seconds', async () => {
      const limited = await startInProcessGateway({
        databaseUrl: db.url,
        redisKeyPrefix: freshPrefix(),
        publicLimits: { perIpPerMinute: 1, globalPerMinute: 1000 },
      });
      try {
        await awaitFreshWindow(limited.redis, 20_000);
        const { page } = await openPage(`${limited.url}/`);
        await lookUp(page, 'Jordan Exampleson');
        const refused = page.waitForResponse((r) => r.url().endsWith('/v1/public/lookup'));
        expect(await lookUp(page, 'Marcus Testworth')).toBe('rate_limited');
        const response = await refused;
        expect(response.status()).toBe(429);
        const seconds = Number(response.headers()['retry-after']);
        expect(seconds).toBeGreaterThan(0);
        expect(await page.$eval('#status', (el) => el.textContent)).toBe(
          `Too many lookups for now. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
        );
        await page.close();
      } finally {
        await limited.close();
      }
    });

    it("works from the keyboard alone, and passes axe-core's WCAG 2.1 AA checks (labels, contrast) before and after a lookup", async () => {
      const { page } = await openPage(`${gw.url}/`);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Skip link, then the three navigation links, then the name field.
      const reached: string[] = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        reached.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || ''));
      }
      expect(reached).toEqual(['Skip to content', 'Free lookup', 'List coverage', 'API reference', 'name']);
      await page.keyboard.type('Jordan Exampleson');
      const answered = page.waitForResponse((r) => r.url().endsWith('/v1/public/lookup'));
      await page.keyboard.press('Enter');
      await answered;
      await page.waitForSelector('#outcome[data-state="potential_match"]');
      // The answer takes the focus, so a screen reader announces it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('outcome-h');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.close();
    });

    it('refuses an empty name in the page, naming the field, without calling the API', async () => {
      const { page } = await openPage(`${gw.url}/`);
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/v1/public/lookup')) calls += 1;
      });
      await page.click('#submit');
      expect(await page.$eval('#name-error', (el) => el.textContent)).toBe('Enter a name to look up.');
      expect(await page.$eval('#name', (el) => el.getAttribute('aria-invalid'))).toBe('true');
      expect(calls).toBe(0);
      await page.close();
    });
  });

  describe('GET /coverage (coverage page)', () => {
    async function pageFigures(page: Page) {
      return page.evaluate(() => {
        const text = (root: Element, field: string) => root.querySelector(`[data-field="${field}"]`);
        const lists = [...document.querySelectorAll('tr[data-source]')].map((row) => ({
          key: row.getAttribute('data-source'),
          name: text(row, 'name')?.textContent,
          cadence: text(row, 'cadenceLabel')?.getAttribute('data-cadence'),
          cadenceLabel: text(row, 'cadenceLabel')?.textContent,
          listVersionId: text(row, 'listVersionId')?.textContent,
          retrievedAt: text(row, 'retrievedAt')?.getAttribute('datetime'),
          entryCount: Number(text(row, 'entryCount')?.getAttribute('data-value')),
          age: text(row, 'age')?.textContent,
          contentChangedAt: text(row, 'age')?.getAttribute('data-changed-at'),
          statusValue: text(row, 'status')?.getAttribute('data-value'),
          status: text(row, 'status')?.textContent?.replace(/\s+/g, ' ').trim(),
          fetchedBy: text(row, 'fetchedBy')?.getAttribute('data-value'),
          stale: row.classList.contains('is-stale'),
        }));
        const registry = document.querySelector('dl[data-source="nppes"]') as Element;
        return {
          totals: {
            screened: Number(document.querySelector('[data-field="totals.screened"]')?.textContent),
            total: Number(document.querySelector('[data-field="totals.total"]')?.textContent),
          },
          lists,
          registry: {
            status: text(registry, 'status')?.getAttribute('data-value'),
            versionId: text(registry, 'versionId')?.getAttribute('data-value') || null,
            organizationCount: Number(text(registry, 'organizationCount')?.getAttribute('data-value')),
          },
          gaps: [...document.querySelectorAll('tr[data-gap]')].map((row) => ({
            key: row.getAttribute('data-gap'),
            name: text(row, 'name')?.textContent,
            reason: text(row, 'reason')?.textContent,
          })),
        };
      });
    }

    it('shows the same figures as GET /v1/lists taken at the same list versions', async () => {
      const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
      const { page, watched } = await openPage(`${gw.url}/coverage`);
      const json = await (await fetch(`${gw.url}/v1/lists`, { headers: { Authorization: `Bearer ${apiKey}` } })).json();
      const shown = await pageFigures(page);

      const { rows } = await db.pool.query(
        'SELECT s.key, v.entry_count FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id',
      );
      const counted = new Map(rows.map((r) => [r.key, r.entry_count]));
      expect(
        shown.lists.map(({ key, name, cadence, cadenceLabel, listVersionId, retrievedAt, statusValue, contentChangedAt, fetchedBy }) => ({
          key,
          name,
          cadence,
          cadenceLabel,
          listVersionId,
          retrievedAt,
          status: statusValue,
          contentChangedAt,
          fetchedBy,
        })),
      ).toEqual([...json.sources, ...json.additionalSources]);
      expect(shown.lists.map((l) => [l.key, l.entryCount])).toEqual(shown.lists.map((l) => [l.key, counted.get(l.key)]));
      expect(shown.lists.map((l) => l.key)).toEqual(['oig_leie', 'state_ca', 'sam_exclusions']);
      expect(shown.lists.every((l) => l.status === 'Current' && !l.stale && /minute|hour|day/.test(l.age ?? ''))).toBe(true);
      expect(shown.totals).toEqual(json.totals);
      expect(shown.gaps).toEqual(json.gaps);
      expect(shown.registry).toEqual({
        status: json.registrySources[0].status,
        versionId: json.registrySources[0].versionId,
        organizationCount: json.registrySources[0].organizationCount,
      });
      expect(watched).toEqual({ foreignRequests: [], refusedByPolicy: [], consoleErrors: [] });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.close();
    });

    it('marks a list unchanged for more than twice its cadence as stale, with how long', async () => {
      await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '70 days' WHERE source_key = 'state_ca'`);
      try {
        const { page } = await openPage(`${gw.url}/coverage`);
        const ca = (await pageFigures(page)).lists.find((l) => l.key === 'state_ca');
        expect(ca).toMatchObject({ stale: true, statusValue: 'stale', age: '70 days' });
        expect(ca?.status).toMatch(/^Stale content unchanged for more than twice its cadence \(62 days\)$/);
        const leieRow = (await pageFigures(page)).lists.find((l) => l.key === 'oig_leie');
        expect(leieRow).toMatchObject({ stale: false, status: 'Current' });
        await page.close();
      } finally {
        await db.pool.query(`UPDATE list_versions SET retrieved_at = now() WHERE source_key = 'state_ca'`);
      }
    });
  });

  describe('GET /docs (API reference)', () => {
    it('renders the OpenAPI document with Redoc, loading nothing from outside the gateway', async () => {
      const { page, watched } = await openPage(`${gw.url}/docs`);
      await page.waitForFunction(
        () => document.querySelector('redoc h1')?.textContent?.includes('Exclusion Screening Service'),
        undefined,
        { timeout: 30_000 },
      );
      const text = await page.evaluate(() => document.body.innerText);
      for (const path of ['/screen', '/batch', '/monitor', '/lists', '/usage', '/public/lookup']) expect(text).toContain(path);
      expect(watched.foreignRequests).toEqual([]);
      // Redoc 2's sidebar footer always asks for its logo from Redocly's CDN; the page's policy refuses it in the browser.
      expect(watched.refusedByPolicy.every((url) => url === 'https://cdn.redoc.ly/redoc/logo-mini.svg')).toBe(true);
      expect(watched.consoleErrors.filter((e) => !e.includes('https://cdn.redoc.ly/redoc/logo-mini.svg'))).toEqual([]);
      await page.close();
    });
  });
});
