/**
 * `npm run docs:states`: regenerates docs/lists.md's table of Medicaid jurisdictions
 * (infra/dev/statesReadme.ts) and its table of how each source is fetched (infra/dev/fetchReadme.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderFetchReadme } from './fetchReadme';
import { runScript } from './runScript';
import { writeStatesTable } from './statesReadme';

runScript(async () => {
  const readmePath = resolve(__dirname, '../../docs/lists.md');
  console.log((await writeStatesTable(readmePath)) ? 'docs/lists.md: states table updated' : 'docs/lists.md: states table already current');
  const before = await readFile(readmePath, 'utf8');
  const after = renderFetchReadme(before, readmePath);
  if (after !== before) await writeFile(readmePath, after);
  console.log(after !== before ? 'docs/lists.md: fetch table updated' : 'docs/lists.md: fetch table already current');
});
