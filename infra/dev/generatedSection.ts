/**
 * The parts `npm run docs:states` shares between the sections it generates in docs/lists.md:
 * replacing the text between a section's markers, formatted as `prettier --write` formats the
 * page, and wrapping a list item so that no line of the page grows past what a reader can take in.
 */
import { execFileSync } from 'node:child_process';

/** Longest line a generated list item is wrapped to (URLs longer than that stay whole). */
const WRAP_WIDTH = 110;

/** Formats markdown as `prettier --write` formats the file at `path` (the CLI: its API loads ES modules jest cannot). */
function formatLikePrettier(text: string, path: string): string {
  const cli = require.resolve('prettier/bin/prettier.cjs');
  return execFileSync(process.execPath, [cli, '--stdin-filepath', path], { input: text, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The page with the text between `start` and `end` replaced by `body`, formatted as `prettier --write` would. */
export function replaceGeneratedSection(page: string, pagePath: string, start: string, end: string, body: string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${pagePath} has no ${start} … ${end} block`);
  return formatLikePrettier(`${page.slice(0, from + start.length)}\n\n${body}\n\n${page.slice(to)}`, pagePath);
}

/** Words a continuation line must not start with, or Markdown would read a list, heading or quote there. */
const BLOCK_MARKER = /^([-+*>]|#+|\d+[.)])$/;

/**
 * Text wrapped at WRAP_WIDTH, its first line after `prefix` (`- ` for a list item) and the others
 * after `indent`. Code spans and links are kept on one line.
 */
export function wrapMarkdown(text: string, prefix = '', indent = ''): string {
  const words =
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/(`[^`]*`|\[[^\]]*\]\([^)]*\)|[^\s`[]+|\S)+/g) ?? [];
  const lines: string[] = [];
  let line = prefix;
  for (const word of words) {
    const fits = line.length + 1 + word.length <= WRAP_WIDTH;
    if (!fits && line.trim() !== prefix.trim() && !BLOCK_MARKER.test(word)) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line === prefix || line === indent ? `${line}${word}` : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The text ending in a full stop. */
export function asSentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}
