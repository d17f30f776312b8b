/**
 * `npm run docs:states`: regenerates the README's table of Medicaid jurisdictions
 * (infra/dev/statesReadme.ts) and its table of how each source is fetched (infra/dev/fetchReadme.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderFetchReadme } from './fetchReadme';
import { runScript } from './runScript';
import { writeStatesTable } from './statesReadme';

runScript(async () => {
  const readmePath = resolve(__dirname, '../../README.md');
  console.log((await writeStatesTable(readmePath)) ? 'README.md: states table updated' : 'README.md: states table already current');
  const before = await readFile(readmePath, 'utf8');
  const after = renderFetchReadme(before, readmePath);
  if (after !== before) await writeFile(readmePath, after);
  console.log(after !== before ? 'README.md: fetch table updated' : 'README.md: fetch table already current');
});
