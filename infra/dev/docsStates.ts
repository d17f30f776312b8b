/** `npm run docs:states`: regenerates the README's table of Medicaid jurisdictions (infra/dev/statesReadme.ts). */
import { resolve } from 'node:path';
import { runScript } from './runScript';
import { writeStatesTable } from './statesReadme';

runScript(async () => {
  const readmePath = resolve(__dirname, '../../README.md');
  console.log((await writeStatesTable(readmePath)) ? 'README.md: states table updated' : 'README.md: states table already current');
});
