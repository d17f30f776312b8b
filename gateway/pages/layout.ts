import { html, type Html } from './html';

export type PageName = 'lookup' | 'coverage' | 'docs';

const NAV: { page: PageName; href: string; label: string }[] = [
  { page: 'lookup', href: '/', label: 'Free lookup' },
  { page: 'coverage', href: '/coverage', label: 'List coverage' },
  { page: 'docs', href: '/docs', label: 'API reference' },
];

/** The shell every page shares: language, viewport, the one stylesheet, a skip link and the navigation. */
export function layout(options: { page: PageName; title: string; main: Html; scripts?: string[] }): string {
  const nav = NAV.map((item) =>
    item.page === options.page
      ? html`<li><a href="${item.href}" aria-current="page">${item.label}</a></li>`
      : html`<li><a href="${item.href}">${item.label}</a></li>`,
  );
  const scripts = (options.scripts ?? []).map((src) => html`<script type="module" src="${src}"></script>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Exclusion Screening Service</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${scripts}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <p class="brand">Exclusion Screening Service</p>
  <nav aria-label="Pages"><ul>${nav}</ul></nav>
</header>
<main id="main" tabindex="-1">
${options.main}
</main>
<footer class="site"><p>Results are potential matches for a person to verify, never a determination that anyone is excluded.</p></footer>
</body>
</html>
`.text;
}
