import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { asOfDateForSeed } from './calendar';
import { WrittenFile, leieWrittenPerson, writeLeieSupplements, writeLeieUpdated } from './leie';
import { writeNppes } from './nppes';
import { NpiAllocator, createOrganizationFactory, createPersonFactory, rngFor } from './parties';
import { writeSam } from './sam';
import { SCALES, STATE_CODES_GENERATED, ScaleName } from './scales';
import { STATE_WRITERS } from './states';
import { buildUniverse } from './universe';
import { generatorVersion } from './generatorVersion';
import type { WrittenParties } from './written';

interface GenerateOptions {
  scale: ScaleName;
  seed: number;
  outDir: string;
  log?: (message: string) => void;
  /** Leave out NPPES, the registry of organizations (2 million rows at full scale), when only the exclusion lists are wanted. */
  withoutNppes?: boolean;
  /** Filled with the parties every list lists, so a round-trip test can compare the names its reader finds. */
  written?: WrittenParties;
}

export interface Manifest {
  scale: ScaleName;
  seed: number;
  /** The generator code that wrote the set (generatorVersion.ts). */
  generatorVersion: string;
  generatedAt: string;
  files: WrittenFile[];
}

/**
 * Writes every list of one synthetic set in its real format plus manifest.json. Each part draws
 * from its own named random stream, and one NPI allocator per party kind keeps NPIs unique.
 */
export async function generateLists(options: GenerateOptions): Promise<Manifest> {
  const { seed, outDir } = options;
  const scale = SCALES[options.scale];
  const log = options.log ?? ((): void => undefined);
  const asOf = asOfDateForSeed(seed);
  const generatedAt = `${asOf}T06:00:00.000Z`;
  const modified = new Date(generatedAt);
  mkdirSync(outDir, { recursive: true });

  const personNpis = new NpiAllocator(rngFor(seed, 'person-npi'), 'person');
  const organizationNpis = new NpiAllocator(rngFor(seed, 'organization-npi'), 'organization');
  const persons = createPersonFactory(rngFor(seed, 'persons'), { npis: personNpis });
  const organizations = createOrganizationFactory(rngFor(seed, 'organizations'), { npis: organizationNpis });

  const universe = buildUniverse(rngFor(seed, 'universe'), persons, organizations, scale.leieRows, asOf);
  const leieLog = options.written?.log('oig_leie');
  for (const listed of [...universe.leiePersons, ...universe.reinstatedPersons.map((r) => r.listed)])
    leieLog?.add(leieWrittenPerson(listed.person));
  for (const listed of [...universe.leieOrganizations, ...universe.reinstatedOrganizations.map((r) => r.listed)])
    leieLog?.add(listed.organization);
  const files: WrittenFile[] = [];
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  files.push(await timed('leie', () => writeLeieUpdated(outDir, universe, rngFor(seed, 'leie'))));
  files.push(...(await timed('leie supplements', () => writeLeieSupplements(outDir, universe, rngFor(seed, 'leie-supplements')))));
  files.push(
    await timed('sam', () =>
      writeSam(outDir, universe, rngFor(seed, 'sam'), scale.samRows, persons, organizations, options.written?.log('sam_exclusions')),
    ),
  );
  for (const state of STATE_CODES_GENERATED) {
    const context = {
      outDir,
      universe,
      rng: rngFor(seed, `state-${state}`),
      rows: scale.stateRows[state],
      persons,
      organizations,
      modified,
      written: options.written?.log(`state_${state}`),
    };
    files.push(await timed(`state ${state}`, () => STATE_WRITERS[state](context)));
  }
  if (!options.withoutNppes)
    files.push(
      await timed('nppes', () =>
        writeNppes(
          outDir,
          universe,
          rngFor(seed, 'nppes'),
          { organizations: scale.nppesOrganizations, individuals: scale.nppesIndividuals },
          {
            persons: createPersonFactory(rngFor(seed, 'nppes-persons'), { npis: personNpis, npiShare: 1 }),
            organizations: createOrganizationFactory(rngFor(seed, 'nppes-organizations'), { npis: organizationNpis, npiShare: 1 }),
            deactivatedNpis: organizationNpis,
          },
        ),
      ),
    );

  const manifest: Manifest = {
    scale: scale.name,
    seed,
    generatorVersion: generatorVersion(),
    generatedAt,
    files: files.map((file) => ({ ...file, path: file.path.split('\\').join('/') })),
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
