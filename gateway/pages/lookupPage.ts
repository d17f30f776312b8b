import { html } from './html';
import { layout } from './layout';

/**
 * The free public lookup (GET /): a form that posts to POST /v1/public/lookup from the browser.
 * No framework and no build step: the page is static, /assets/lookup.js does the request and
 * renders the answer, and without JavaScript the page says so instead of failing silently.
 */
export function renderLookupPage(limits: { perIpPerMinute: number }): string {
  const main = html`
<h1>Free exclusion lookup</h1>
<p class="lede">Search the exclusion lists by name. A result is a <strong>potential match</strong> that someone must verify
against the source list; it is never a finding that a person or organization is excluded. Free lookups are limited to
${limits.perIpPerMinute} per minute. Screening with dates of birth, NPIs and full evidence needs an API key.</p>

<form id="lookup" class="card" method="post" action="/v1/public/lookup" novalidate>
  <div class="field">
    <label for="name">Name of the person or organization</label>
    <input id="name" name="name" type="text" required maxlength="255" autocomplete="off" spellcheck="false"
      aria-describedby="name-hint name-error">
    <p id="name-hint" class="hint">For a person, first and last name, for example <span class="example">Jane Q. Doe</span>.</p>
    <p id="name-error" class="error" hidden></p>
  </div>
  <fieldset class="field">
    <legend>Search among</legend>
    <div class="choices">
      <label><input type="radio" name="type" value="" checked> People and organizations</label>
      <label><input type="radio" name="type" value="person"> People</label>
      <label><input type="radio" name="type" value="organization"> Organizations</label>
    </div>
  </fieldset>
  <button type="submit" id="submit">Look up</button>
</form>

<noscript><p class="error">This page needs JavaScript to send the lookup. The same search is available as
<code>POST /v1/public/lookup</code>; see the <a href="/docs">API reference</a>.</p></noscript>

<section id="outcome" aria-labelledby="outcome-h" hidden>
  <h2 id="outcome-h" tabindex="-1">Results</h2>
  <div id="status" role="status" aria-live="polite"></div>
  <ol id="results" class="results"></ol>
  <p id="notice" class="notice"></p>
</section>`;
  return layout({ page: 'lookup', title: 'Free lookup', main, scripts: ['/assets/lookup.js'] });
}
