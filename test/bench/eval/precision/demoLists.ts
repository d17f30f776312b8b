import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireSource } from '../../../../activities/lists';
import { uniqueEntries, uniqueOrganizations } from '../../../../activities/lists/versions/ingest';
import { ParseReport } from '../../../../activities/lists/sources/types';
import type { IndexedEntry, IndexedRegistryOrganization } from '../../../../matcher/engine';
import { generateLists } from '../../../../infra/dev/synthetic/generate';

/**
 * The demo list set `npm start` publishes (scale `demo`, seed 1), written in the real file formats
 * and read back through the real adapters, entry deduplication included: LEIE, SAM, every state
 * list and the NPPES registry. What the precision eval screens against, with no database.
 */
export const DEMO_SEED = 1;

export interface DemoLists {
  entries: IndexedEntry[];
  registry: Map<string, IndexedRegistryOrganization>;
  bySource: Record<string, number>;
}

export async function loadDemoLists(seed = DEMO_SEED): Promise<DemoLists> {
  const dir = mkdtempSync(join(tmpdir(), 'eval-demo-lists-'));
  try {
    const manifest = await generateLists({ scale: 'demo', seed, outDir: dir });
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
        listVersionId: `demo-${source.key}`,
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
    return { entries, registry, bySource };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
