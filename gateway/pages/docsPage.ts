import { html } from './html';

/** Where the API reference page loads its renderer from (served by the gateway from the redoc npm package). */
export const REDOC_SCRIPT_PATH = '/docs/redoc.standalone.js';

/**
 * The API reference (GET /docs): Redoc rendering the contract's own OpenAPI document,
 * the one that drives request validation, so the reference cannot drift from what is enforced.
 */
export function renderDocsPage(): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Exclusion Screening Service</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/docs.css">
</head>
<body>
<nav class="docs-bar" aria-label="Pages"><a href="/">Free lookup</a> <a href="/coverage">List coverage</a> <a href="/v1/openapi.json">OpenAPI document (JSON)</a></nav>
<redoc spec-url="/v1/openapi.json" hide-download-button="false" native-scrollbars="true"></redoc>
<noscript><p>The reference needs JavaScript. The contract itself is at <a href="/v1/openapi.json">/v1/openapi.json</a>.</p></noscript>
<script src="${REDOC_SCRIPT_PATH}"></script>
</body>
</html>
`.text;
}
