/**
 * Reads the README and the pages under docs/ as the checks of pages.test.ts need them: the
 * lines outside fenced code blocks, the paths named in inline code, the relative links, and the
 * anchors GitHub gives each heading.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** Folders of generated or installed files: a page may name them, but they are not the repository's. */
const NOT_OURS = ['.git', 'node_modules', '.venv', '.data', '.tmp', 'dist', 'coverage'];

export interface PageLine {
  page: string;
  number: number;
  text: string;
}

/** README.md and every docs/*.md, as paths relative to the repository. */
export function markdownPages(): string[] {
  const dir = path.join(REPO_ROOT, 'docs');
  const docs = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The lines of a page that are prose or tables, not inside a ``` or ~~~ fence. */
export function proseLines(page: string): PageLine[] {
  const lines = fs.readFileSync(path.join(REPO_ROOT, page), 'utf8').split('\n');
  const out: PageLine[] = [];
  let fence: string | null = null;
  lines.forEach((text, i) => {
    const marker = /^\s*(```|~~~)/.exec(text)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({ page, number: i + 1, text });
  });
  return out;
}

const URL_PATTERN = /https?:\/\/[^\s)>\]]+/g;

/** A line's length with every URL taken out: an address cannot be wrapped, so it does not count. */
export function lengthWithoutUrls(text: string): number {
  return text.replace(URL_PATTERN, '').length;
}

/** Relative link targets (`[text](target)`), with the anchor kept: `lists.md#gaps`, `#metrics`. */
export function relativeLinks(line: string): string[] {
  const targets = [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

const FILE_EXTENSIONS = /\.(ts|js|cjs|mjs|json|md|sql|csv|sh|yaml|yml|toml|py|txt)$/;

/**
 * Inline code spans that name a file or folder of the repository: a path of plain characters
 * (no placeholder such as `<scale>` or `{id}`, no space) holding a slash or ending in a source
 * file's extension. HTTP routes (`/v1/...`), URLs, the folders of NOT_OURS and a publisher's file-name
 * pattern with a date in capitals (the LEIE's `YYMMEXCL.csv`) are left out.
 */
export function namedPaths(line: string): string[] {
  return [...line.matchAll(/`([^`]+)`/g)]
    .map((m) => m[1])
    .filter((span) => /^[\w.@-]+(\/[\w.@-]*)*$/.test(span))
    .filter((span) => span.includes('/') || FILE_EXTENSIONS.test(span))
    .filter((span) => !span.startsWith('/') && !span.startsWith('http') && !span.startsWith('../'))
    .filter((span) => !/YY|MM|DD/.test(span))
    .filter((span) => !NOT_OURS.some((dir) => span === dir || span.startsWith(`${dir}/`)));
}

/** Every file and folder of the repository, relative to its root, folders with a trailing slash. */
export function repositoryPaths(): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      if (dir === '' && NOT_OURS.includes(entry.name)) continue;
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        out.add(`${rel}/`);
        walk(rel);
      } else out.add(rel);
    }
  };
  walk('');
  return out;
}

/**
 * Whether a named path is in the repository. A path that starts at one of the repository's
 * top-level entries must be there as written; a shorter one (`states/credentials.ts`,
 * `monitor.test.ts`) must end some path of the repository.
 */
export function pathExists(named: string, paths: Set<string>): boolean {
  const asFile = named.replace(/\/$/, '');
  const candidates = [asFile, `${asFile}/`];
  if (candidates.some((c) => paths.has(c))) return true;
  const top = asFile.split('/')[0];
  if (paths.has(top) || paths.has(`${top}/`)) return false;
  return [...paths].some((p) => candidates.some((c) => p.endsWith(`/${c}`)));
}

/** The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces as hyphens; repeats numbered). */
export function headingAnchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of proseLines(page)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
