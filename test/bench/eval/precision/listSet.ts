import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { requireSource } from '../../../../activities/lists';
import { uniqueEntries, uniqueOrganizations } from '../../../../activities/lists/versions/ingest';
import { ParseReport } from '../../../../activities/lists/sources/types';
import type { IndexedEntry, IndexedRegistryOrganization } from '../../../../matcher/engine';
import type { Manifest } from '../../../../infra/dev/synthetic/generate';
import { ensureListSet } from '../../../../infra/dev/lists/listSet';

/**
 * A list set `npm run gen:lists` writes (seed 1, the one `npm start` publishes), in the real file
 * formats and read back through the real adapters, entry deduplication included: LEIE, SAM,
 * every state list and the NPPES registry. What the evals screen against, with no database.
 *
 * `demo` is generated into a temporary folder on every run (a few seconds). `full` (LEIE 80k,
 * SAM 150k, the state lists, NPPES about 2 million organizations) takes minutes to write, so it
 * is read from .data/lists/full, where `npm run gen:lists -- --scale full` writes it, and
 * generated there only when that folder holds no current full-scale set of this seed.
 */
export type ListSetScale = 'demo' | 'full';

export interface ListSet {
  scale: ListSetScale;
  entries: IndexedEntry[];
  registry: Map<string, IndexedRegistryOrganization>;
  bySource: Record<string, number>;
}

const DATA_DIR = resolve(__dirname, '..', '..', '..', '..', '.data');

async function readIntoMemory(scale: ListSetScale, dir: string, manifest: Manifest): Promise<ListSet> {
  const entries: IndexedEntry[] = [];
  const registry = new Map<string, IndexedRegistryOrganization>();
  const bySource: Record<string, number> = {};
  // Full-replacement artifacts only, as the demo seed ingests them.
  for (const file of manifest.files.filter((f) => !f.format.startsWith('leie_supplement'))) {
    const source = requireSource(file.source);
    const ctx = { path: join(dir, file.path), report: new ParseReport() };
    const provenance = {
      sourceKey: source.key,
      sourceName: source.name,
      listVersionId: `${scale}-${source.key}`,
      retrievedAt: manifest.generatedAt,
    };
    if (source.adapter.target === 'list_entries') {
      for await (const entry of uniqueEntries(source.adapter.parse(ctx), ctx.report)) {
        entries.push({
          ...provenance,
          entryKey: entry.entryKey,
          kind: entry.kind,
          name: entry.name,
          lastName: entry.lastName,
          firstName: entry.firstName,
          middleName: entry.middleName,
          suffix: entry.suffix,
          aliases: entry.aliases,
          npis: entry.npis,
          dateOfBirth: entry.dateOfBirth,
          state: entry.state,
          providerType: entry.providerType,
        });
        bySource[source.key] = (bySource[source.key] ?? 0) + 1;
      }
    } else {
      for await (const org of uniqueOrganizations(source.adapter.parse(ctx), ctx.report)) {
        registry.set(org.npi, { npi: org.npi, legalName: org.legalName, otherNames: org.otherNames, state: org.state });
      }
      bySource[source.key] = registry.size;
    }
  }
  return { scale, entries, registry, bySource };
}

export async function loadListSet(scale: ListSetScale, progress: (message: string) => void = () => undefined): Promise<ListSet> {
  if (scale === 'full') {
    const set = await ensureListSet({
      dataDir: DATA_DIR,
      scale,
      onGenerate: (reason) => progress(`full-scale list set in .data/lists/full ${reason}: generating it there (minutes, once)`),
      log: progress,
    });
    return readIntoMemory(scale, set.dir, set.manifest);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'eval-demo-lists-'));
  try {
    const set = await ensureListSet({ dataDir, scale });
    return await readIntoMemory(scale, set.dir, set.manifest);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
