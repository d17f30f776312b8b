import fs from 'node:fs';
import { planTableMarkdown } from '../../../gateway/billing/plans';
import path from 'node:path';
import {
  REPO_ROOT,
  headingAnchors,
  lengthWithoutUrls,
  markdownPages,
  namedPaths,
  pathExists,
  proseLines,
  relativeLinks,
  repositoryPaths,
} from './markdownPages';

/**
 * The README and docs/ stay readable and true to the tree: no prose or table line longer than
 * MAX_LINE characters (fenced code blocks are exempt, and URLs, which cannot be wrapped, do not
 * count), every file path named in inline code exists, and every relative link reaches a file
 * of the repository and, when it names one, a heading of that file.
 */
const MAX_LINE = 200;

const pages = markdownPages();
const lines = pages.flatMap(proseLines);

describe('README.md and docs/*.md', () => {
  it('are the front door and the pages it leads to', () => {
    expect(pages).toContain('README.md');
    expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThanOrEqual(8);
  });

  it(`have no line over ${MAX_LINE} characters outside code blocks, URLs aside`, () => {
    const long = lines.filter((l) => lengthWithoutUrls(l.text) > MAX_LINE).map((l) => `${l.page}:${l.number} (${l.text.length})`);
    expect(long).toEqual([]);
  });

  it('name only files and folders that exist in the repository', () => {
    const paths = repositoryPaths();
    const missing = lines.flatMap((l) =>
      namedPaths(l.text)
        .filter((p) => !pathExists(p, paths))
        .map((p) => `${l.page}:${l.number} ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('link only to files of the repository, and to headings those files have', () => {
    const broken = lines.flatMap((l) =>
      relativeLinks(l.text)
        .filter((target) => {
          const [file, anchor] = target.split('#');
          const resolved = file === '' ? path.join(REPO_ROOT, l.page) : path.resolve(REPO_ROOT, path.dirname(l.page), file);
          if (!resolved.startsWith(`${REPO_ROOT}${path.sep}`) || !fs.existsSync(resolved)) return true;
          if (anchor === undefined) return false;
          return !headingAnchors(path.relative(REPO_ROOT, resolved)).has(anchor);
        })
        .map((target) => `${l.page}:${l.number} ${target}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('docs/billing.md', () => {
  it('shows the price table gateway/billing/plans.ts prints (padding aside)', () => {
    const unpadded = (table: string): string[] =>
      table
        .split('\n')
        .filter((l) => l.startsWith('|'))
        .map((l) => l.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---'));
    const page = fs.readFileSync(path.join(REPO_ROOT, 'docs/billing.md'), 'utf8');
    const table = planTableMarkdown();
    expect(unpadded(page).slice(0, unpadded(table).length)).toEqual(unpadded(table));
  });
});

describe('the checks themselves', () => {
  it('find a long line, a missing path and the anchors of headings', () => {
    expect(lengthWithoutUrls(`${'x'.repeat(10)} https://example.org/${'y'.repeat(300)}`)).toBe(11);
    expect(namedPaths('see `activities/nowhere.ts`, `GET /v1/lists`, `/v1/screen`, `.data/logs/` and `<scale>/x.ts`')).toEqual([
      'activities/nowhere.ts',
    ]);
    const paths = repositoryPaths();
    expect(pathExists('activities/nowhere.ts', paths)).toBe(false);
    expect(pathExists('matcher/rulesVersion.ts', paths)).toBe(true);
    expect(pathExists('rulesVersion.ts', paths)).toBe(true);
    expect(pathExists('matcher/', paths)).toBe(true);
    expect(relativeLinks('[a](docs/x.md#y) [b](https://example.org) [c](#z) `[d](e.md)`')).toEqual(['docs/x.md#y', '#z']);
    expect(headingAnchors('README.md').size).toBeGreaterThan(3);
  });
});
