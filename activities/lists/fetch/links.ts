import type { Element } from 'domhandler';
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { LinkRule } from '../sources/recipe';

/** A link found on a page: its address resolved against the page's publisher address, and its text. */
export interface FoundLink {
  url: string;
  text: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The date a file name carries, as a sortable YYYYMMDD number: `20250301`, `2025-03-01`,
 * `03-01-2025`, `March_2025` (NPPES), or a `_V2_25060` Julian day (SAM). Null when it carries none.
 */
export function dateInName(name: string): number | null {
  const text = decodeURIComponent(name).toLowerCase();
  let m = /(?:^|\D)((?:19|20)\d{2})[-_]?(0[1-9]|1[0-2])[-_]?(0[1-9]|[12]\d|3[01])(?:\D|$)/.exec(text);
  if (m) return Number(`${m[1]}${m[2]}${m[3]}`);
  m = /(?:^|\D)(0[1-9]|1[0-2])[-_](0[1-9]|[12]\d|3[01])[-_]((?:19|20)\d{2})(?:\D|$)/.exec(text);
  if (m) return Number(`${m[3]}${m[1]}${m[2]}`);
  m = new RegExp(`(${MONTHS.join('|')})[-_ ]?((?:19|20)\\d{2})`).exec(text);
  if (m) return Number(`${m[2]}${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}01`);
  m = /_v\d+_(\d{2})(\d{3})(?:\D|$)/.exec(text);
  if (m) {
    const day = new Date(Date.UTC(2000 + Number(m[1]), 0, Number(m[2])));
    return Number(day.toISOString().slice(0, 10).replaceAll('-', ''));
  }
  return null;
}

function linkText(element: Element): string {
  return textContent(element).replace(/\s+/g, ' ').trim();
}

function matches(rule: LinkRule, element: Element, href: string): boolean {
  const text = linkText(element);
  const title = getAttributeValue(element, 'title') ?? '';
  if (rule.text && !new RegExp(rule.text, 'i').test(text) && !new RegExp(rule.text, 'i').test(title)) return false;
  if (rule.href && !new RegExp(rule.href, 'i').test(href)) return false;
  if (rule.attribute && !new RegExp(rule.attribute.pattern, 'i').test(getAttributeValue(element, rule.attribute.name) ?? '')) return false;
  return true;
}

/** The describing words of a rule, for the error that names a link no longer on the page. */
export function describeRule(rule: LinkRule): string {
  const parts = [
    rule.text ? `text /${rule.text}/` : null,
    rule.href ? `href /${rule.href}/` : null,
    rule.attribute ? `${rule.attribute.name} /${rule.attribute.pattern}/` : null,
  ].filter((p): p is string => p !== null);
  return parts.join(' and ');
}

/**
 * The link a rule picks on a page (any element with an `href`: some publishers put it on a
 * wrapper around the text), resolved against `pageUrl`, the page's publisher address. Null when
 * no link matches.
 */
export function findLink(html: string, pageUrl: string, rule: LinkRule): FoundLink | null {
  const document = parseDocument(html);
  const candidates: FoundLink[] = [];
  for (const element of findAll((el) => getAttributeValue(el, 'href') !== undefined, document.children)) {
    const href = (getAttributeValue(element, 'href') ?? '').trim();
    if (!href || /^(javascript|mailto):/i.test(href) || href.startsWith('#')) continue;
    if (!matches(rule, element, href)) continue;
    let url: string;
    try {
      url = new URL(href, pageUrl).toString();
    } catch {
      continue;
    }
    candidates.push({ url, text: linkText(element) });
  }
  if (candidates.length === 0) return null;
  if (rule.pick !== 'newest_by_date_in_name') return candidates[0];
  const dated = candidates.map((c) => ({ link: c, date: dateInName(new URL(c.url).pathname) ?? -1 }));
  dated.sort((a, b) => b.date - a.date);
  return dated[0].link;
}
