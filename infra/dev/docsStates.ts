/**
 * `npm run docs:states`: regenerates the two generated sections of docs/lists.md, the Medicaid
 * jurisdictions (infra/dev/statesSection.ts) and how each source is fetched (infra/dev/fetchSection.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderFetchPage } from './fetchSection';
import { runScript } from './runScript';
import { writeStatesSection } from './statesSection';

runScript(async () => {
  const pagePath = resolve(__dirname, '../../docs/lists.md');
  console.log(
    (await writeStatesSection(pagePath)) ? 'docs/lists.md: jurisdictions updated' : 'docs/lists.md: jurisdictions already current',
  );
  const before = await readFile(pagePath, 'utf8');
  const after = renderFetchPage(before, pagePath);
  if (after !== before) await writeFile(pagePath, after);
  console.log(after !== before ? 'docs/lists.md: fetch recipes updated' : 'docs/lists.md: fetch recipes already current');
});
