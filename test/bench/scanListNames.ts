import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireSource } from '../../activities/lists/sources/catalog';
import { ParseReport, type ListEntry } from '../../activities/lists/sources/types';
import { PROFESSIONS } from '../../infra/dev/synthetic/professions';
import { runScript } from '../../infra/dev/runScript';

/**
 * npx tsx test/bench/scanListNames.ts [--dir .data/lists/full] [--examples 3]
 *
 * Reads every generated list file of a manifest through its adapter and counts the person entries
 * whose parsed name still holds a parenthesis, a quote or a credential word: a name the reader left
 * a note in. NPPES is a registry of organizations and is not read.
 */
const program = new Command()
  .name('scanListNames')
  .option('--dir <dir>', 'a generated list folder with manifest.json', '.data/lists/full')
  .option('--examples <n>', 'suspect names shown per source', (value) => Number(value), 3)
  .parse();

const CREDENTIAL_WORDS = new Set(
  PROFESSIONS.flatMap((profession) => profession.credentials)
    .flatMap((credential) => credential.split(/[\s,]+/))
    .map((word) => word.toUpperCase().replace(/\./g, ''))
    .filter((word) => word.length >= 2),
);

/** Why a parsed person name looks like it kept a note, or null. */
function suspicion(name: string): string | null {
  if (/[()]/.test(name)) return 'parenthesis';
  if (/["“”]/.test(name)) return 'quote';
  const credential = name
    .split(/[\s,]+/)
    .map((word) => word.toUpperCase().replace(/\./g, ''))
    .find((word) => CREDENTIAL_WORDS.has(word));
  return credential ? `credential ${credential}` : null;
}

interface Tally {
  persons: number;
  suspectNames: number;
  suspectAliases: number;
  unbalancedOrganizations: number;
  reasons: Map<string, number>;
  examples: string[];
}

/** Why a parsed person entry looks like it kept a note in its name, or null. */
function entrySuspicion(entry: ListEntry): string | null {
  const marked = [entry.name, entry.lastName, entry.firstName, entry.middleName].find((field) => field && /[()"“”]/.test(field));
  if (marked) return suspicion(marked);
  // A lone surname that is also a credential word (DO) is a surname.
  const lastName = entry.lastName?.includes(' ') ? entry.lastName : null;
  const words = entry.firstName ? [entry.firstName, entry.middleName, lastName] : [entry.name];
  return words.map((field) => (field ? suspicion(field) : null)).find((reason) => reason !== null) ?? null;
}

function tallyEntry(tally: Tally, entry: ListEntry, examples: number): void {
  if (entry.kind !== 'person') {
    // A person read as an organization keeps the credential's unclosed parenthesis (`WHITE, LATONIA (PA-C`).
    if ((entry.name.match(/\(/g) ?? []).length !== (entry.name.match(/\)/g) ?? []).length) {
      tally.unbalancedOrganizations += 1;
      if (tally.examples.length < examples) tally.examples.push(`organization ${entry.name}`);
    }
    return;
  }
  tally.persons += 1;
  const reason = entrySuspicion(entry);
  if (reason) {
    tally.suspectNames += 1;
    tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
    if (tally.examples.length < examples)
      tally.examples.push(`${entry.lastName} | ${entry.firstName} | ${entry.middleName} <- ${JSON.stringify(entry.raw)}`);
  }
  if (entry.aliases.some((alias) => suspicion(alias) !== null)) tally.suspectAliases += 1;
}

async function main(): Promise<void> {
  const options = program.opts<{ dir: string; examples: number }>();
  const dir = resolve(options.dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: { source: string; path: string }[] };
  const tallies = new Map<string, Tally>();
  for (const file of manifest.files.filter((f) => f.source !== 'nppes')) {
    const tally = tallies.get(file.source) ?? {
      persons: 0,
      suspectNames: 0,
      suspectAliases: 0,
      unbalancedOrganizations: 0,
      reasons: new Map(),
      examples: [],
    };
    tallies.set(file.source, tally);
    const adapter = requireSource(file.source).adapter;
    for await (const entry of adapter.parse({ path: join(dir, file.path), report: new ParseReport() }))
      tallyEntry(tally, entry as ListEntry, options.examples);
  }
  let total = 0;
  for (const [source, tally] of tallies) {
    total += tally.suspectNames + tally.unbalancedOrganizations;
    const reasons = [...tally.reasons].map(([reason, count]) => `${reason}: ${count}`).join(', ');
    console.log(
      `${source.padEnd(16)} persons ${String(tally.persons).padStart(7)}  suspect names ${String(tally.suspectNames).padStart(5)}  suspect aliases ${String(tally.suspectAliases).padStart(5)}  organizations with an unclosed ( ${tally.unbalancedOrganizations}  ${reasons}`,
    );
    for (const example of tally.examples) console.log(`    ${example}`);
  }
  console.log(`suspect names in all: ${total}`);
}

runScript(main);
