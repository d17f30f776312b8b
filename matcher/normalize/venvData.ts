import fs from 'node:fs';
import path from 'node:path';

function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

/**
 * A file of a pinned PyPI data set in the project's .venv (bootstrap.sh installs them), as
 * `site-packages/<relative>`, or undefined when no Python of the .venv holds it.
 */
export function venvDataFile(relative: string): string | undefined {
  const lib = path.join(repoRoot(), '.venv', 'lib');
  if (!fs.existsSync(lib)) return undefined;
  return fs
    .readdirSync(lib)
    .filter((d) => d.startsWith('python3'))
    .sort()
    .map((d) => path.join(lib, d, 'site-packages', relative))
    .find((p) => fs.existsSync(p));
}
