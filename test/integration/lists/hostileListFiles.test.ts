import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { ingestArtifact, type IngestResult } from '../../../activities/lists/versions/ingest';
import { PARSER_NICENESS } from '../../../activities/lists/versions/parseProcess';
import { generateLists, type Manifest } from '../../../infra/dev/synthetic/generate';
import { scratchDir } from '../../fixtures/lists/builders';
import { writeZip, zipEntries } from '../../fixtures/lists/zipBomb';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * A publisher's file (or a compromised mirror's) never takes the worker down: whatever it does
 * to a reader, it is refused with a reason and the current version stays published.
 */
let db: ListsDatabase;
let outDir: string;
let manifest: Manifest;
const dir = scratchDir();

beforeAll(async () => {
  db = await createListsDatabase();
  outDir = scratchDir();
  manifest = await generateLists({ scale: 'small', seed: 11, outDir, withoutNppes: true });
}, 120_000);
afterAll(async () => {
  await db.drop();
});

const generated = (source: string): string => {
  const file = manifest.files.find((candidate) => candidate.source === source);
  if (!file) throw new Error(`no ${source} in manifest`);
  return join(outDir, file.path);
};

async function currentVersion(sourceKey: string): Promise<string | null> {
  const { rows } = await db.pool.query('SELECT current_version_id FROM list_sources WHERE key = $1', [sourceKey]);
  return rows[0]?.current_version_id ?? null;
}

async function published(sourceKey: string, artifactPath: string): Promise<string> {
  const result = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath });
  if (result.outcome === 'refused') throw new Error(`refused: ${result.reason}`);
  return result.versionId;
}

/** Ingests a hostile artifact and checks the refusal left the current version as it was; returns the reason. */
async function refusedKeepingCurrent(sourceKey: string, artifactPath: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const before = await currentVersion(sourceKey);
  expect(before).not.toBeNull();
  const result: IngestResult = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath, env: env && { ...process.env, ...env } });
  expect(result.outcome).toBe('refused');
  if (result.outcome !== 'refused') throw new Error('not refused');
  expect(await currentVersion(sourceKey)).toBe(before);
  const { rows } = await db.pool.query(
    'SELECT v.state, (SELECT count(*)::int FROM list_entries e WHERE e.version_id = v.id) AS entries FROM list_versions v WHERE v.id = $1',
    [result.versionId],
  );
  expect(rows[0]).toEqual({ state: 'rejected', entries: 0 });
  return result.reason;
}

describe('an XLSX list is inflated within bounds, and only the parts its cells are read from', () => {
  const GB_IN_MB = 1024;

  beforeAll(async () => {
    await published('state_ky', generated('state_ky'));
    await published('state_mn', generated('state_mn'));
  });

  it('refuses a workbook whose worksheet inflates to 1 GB from its central directory, before inflating it', async () => {
    const entries = await zipEntries(readFileSync(generated('state_ky')));
    const bomb = writeZip(
      join(dir, 'ky-bomb.xlsx'),
      entries.map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: GB_IN_MB } : entry)),
    );
    expect(readFileSync(bomb).length).toBeLessThan(2 * 1024 * 1024);
    const reason = await refusedKeepingCurrent('state_ky', bomb);
    expect(reason).toBe(
      'the XLSX artifact: xl/worksheets/sheet1.xml inflates from 1.0 MB to 1024 MB, more than 100 times: no list compresses so well (a ZIP bomb?)',
    );
  });

  it('refuses a 1 GB worksheet whose central directory declares a plausible 50 MB, a megabyte or so into inflating it', async () => {
    const entries = await zipEntries(readFileSync(generated('state_ky')));
    const bomb = writeZip(
      join(dir, 'ky-lying-bomb.xlsx'),
      entries.map((entry) =>
        entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: GB_IN_MB, declaredBytes: 50 * 1024 * 1024 } : entry,
      ),
    );
    const reason = await refusedKeepingCurrent('state_ky', bomb);
    expect(reason).toMatch(
      /^the XLSX artifact: xl\/worksheets\/sheet1\.xml inflated 1\.\d MB out of its first \d+ bytes, more than 100 times: no list compresses so well \(a ZIP bomb\?\)$/,
    );
  });

  it('publishes a workbook carrying a 1 GB part its cells are not read from, without inflating that part', async () => {
    const entries = await zipEntries(readFileSync(generated('state_ky')));
    const padded = writeZip(join(dir, 'ky-with-media.xlsx'), [...entries, { name: 'xl/media/image1.png', zeroMegabytes: GB_IN_MB }]);
    const result = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ky', artifactPath: padded });
    expect(result).toMatchObject({ outcome: 'published', diff: { added: 0, removed: 0, changed: 0 } });
  });

  it('refuses a workbook holding more entries than any workbook does', async () => {
    const entries = await zipEntries(readFileSync(generated('state_ky')));
    const filler = Array.from({ length: 5000 }, (_, i) => ({ name: `xl/customXml/item${i}.xml`, content: Buffer.from('<a/>') }));
    const crowded = writeZip(join(dir, 'ky-crowded.xlsx'), [...entries, ...filler]);
    const reason = await refusedKeepingCurrent('state_ky', crowded);
    expect(reason).toBe(`the XLSX artifact holds ${entries.length + 5000} entries, more than the 1000 a list archive may hold`);
  });

  it('refuses a bundle whose workbook hides a bomb, counting the nested archive against the same bound', async () => {
    const bundle = await zipEntries(readFileSync(generated('state_mn')));
    const [first] = bundle.map((entry) => entry.name).sort();
    const rewritten = await Promise.all(
      bundle.map(async (entry) => {
        if (entry.name !== first || !('content' in entry)) return entry;
        const inner = (await zipEntries(entry.content)).map((part) =>
          part.name === 'xl/worksheets/sheet1.xml' ? { name: part.name, zeroMegabytes: 200 } : part,
        );
        return { name: entry.name, content: readFileSync(writeZip(join(dir, 'inner.xlsx'), inner)) };
      }),
    );
    const bomb = writeZip(join(dir, 'mn-bomb.zip'), rewritten);
    // The ratio raised out of the way, so the shared inflate bound is what refuses it.
    const reason = await refusedKeepingCurrent('state_mn', bomb, {
      LIST_PARSE_MAX_INFLATED_MB: '100',
      LIST_PARSE_MAX_INFLATE_RATIO: '10000',
    });
    expect(reason).toBe(`the bundled workbook ${first} inflates to more than the 100 MB a list artifact may expand to (a ZIP bomb?)`);
  });

  it('refuses a file that is no workbook at all, with the reason', async () => {
    const path = join(dir, 'not-a-workbook.xlsx');
    writeFileSync(path, 'Last Name,First Name\nEXAMPLESON,JORDAN\n');
    expect(await refusedKeepingCurrent('state_ky', path)).toBe('not an XLSX workbook: the file is not a ZIP archive');
  });
});

describe('a streamed CSV list is bounded too', () => {
  beforeAll(async () => {
    await published('sam_exclusions', generated('sam_exclusions'));
  });

  it('refuses a zipped CSV that inflates a thousand times, before inflating it', async () => {
    const bomb = writeZip(join(dir, 'SAM_Exclusions_Public_Extract_V2.zip'), [
      { name: 'SAM_Exclusions_Public_Extract_V2.csv', zeroMegabytes: 1024 },
    ]);
    const reason = await refusedKeepingCurrent('sam_exclusions', bomb);
    expect(reason).toMatch(
      /^SAM_Exclusions_Public_Extract_V2\.csv inflates from 1\.0 MB to 1024 MB, more than 100 times: no list compresses so well \(a ZIP bomb\?\)$/,
    );
  });

  it('refuses a CSV with a line longer than any list has', async () => {
    const path = join(dir, 'SAM_Exclusions_Public_Extract_V2.csv');
    writeFileSync(path, Buffer.alloc(20 * 1024 * 1024, 0x41));
    expect(await refusedKeepingCurrent('sam_exclusions', path)).toBe('the artifact has a line longer than 16 MB; no list does');
  });
});

describe('PDF and HTML readers are bounded, and a parser failure is a refusal', () => {
  const HEADER = ['Name of Individual', 'Principal Address', 'Action Date', 'Expiration Date', 'Agency Instituting the Action', 'Reason'];
  const tr = (cells: string[]): string => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  const rows = [
    ['Alpha, Ann', '1 Fake St NW<br>Washington, DC 20001', 'May 1, 2020', 'May 1, 2030', 'OCP', 'Fraud'],
    ['Bravo, Ben', '2 Fake St NW<br>Washington, DC 20001', 'June 2, 2021', 'June 2, 2031', 'OCP', 'Fraud'],
  ];

  beforeAll(async () => {
    const page = join(dir, 'dc.html');
    writeFileSync(page, `<html><body><table>${[HEADER, ...rows].map(tr).join('\n')}</table></body></html>`);
    await published('state_dc', page);
    await published('state_ak', generated('state_ak'));
  });

  it('refuses an HTML page nesting 20,000 elements inside a cell, which overflowed the stack', async () => {
    const deep = join(dir, 'dc-deep.html');
    const nested = `${'<div>'.repeat(20_000)}Charlie, Cal${'</div>'.repeat(20_000)}`;
    const row = [nested, '3 Sample Rd', 'July 3, 2022', 'July 3, 2032', 'DHCF', 'Conviction'];
    writeFileSync(deep, `<html><body><table>${[HEADER, ...rows, row].map(tr).join('\n')}</table></body></html>`);
    expect(await refusedKeepingCurrent('state_dc', deep)).toBe('the HTML page nests its elements more than 256 deep; no list page does');
  });

  it('refuses a PDF holding more text runs than the bound', async () => {
    // The same table with a comment after its end, so it is a new artifact and not an unchanged one.
    const again = join(dir, 'ak-again.pdf');
    writeFileSync(again, Buffer.concat([readFileSync(generated('state_ak')), Buffer.from('\n% again\n')]));
    const reason = await refusedKeepingCurrent('state_ak', again, { LIST_PARSE_MAX_PDF_TEXT_RUNS: '50' });
    expect(reason).toMatch(/^the PDF holds \d+ text runs, more than the 50 a list PDF may hold$/);
  });

  it('refuses a PDF larger than a document read whole may be, before reading it', async () => {
    const big = join(dir, 'ak-big.pdf');
    writeFileSync(big, Buffer.concat([readFileSync(generated('state_ak')), Buffer.alloc(2 * 1024 * 1024, 0x20)]));
    const reason = await refusedKeepingCurrent('state_ak', big, { LIST_PARSE_MAX_DOCUMENT_MB: '1' });
    const size = (readFileSync(big).length / (1024 * 1024)).toFixed(1);
    expect(reason).toBe(`the PDF artifact is ${size} MB, more than the 1 MB a PDF list may be`);
  });

  it('refuses a PDF that is no PDF with the parser reason', async () => {
    const path = join(dir, 'not.pdf');
    writeFileSync(path, '%PDF-1.4\n garbage');
    expect(await refusedKeepingCurrent('state_ak', path)).toMatch(/^not a readable PDF: /);
  });
});

describe('a NUL in a cell is dropped, so the load does not fail on every run', () => {
  it('publishes a TN JSON feed with "\\u0000" in a name, storing the name and the raw row without it', async () => {
    const feed = join(dir, 'tn-nul.json');
    const records = [
      { 'Last Name': 'EXAMPLE\u0000SON', 'First Name': 'JORDAN', NPI: '1000000012', 'Effective Date': '17-Mar-2025', Reason: 'Fraud' },
      { 'Last Name': 'SAMPLEFIELD', 'First Name': 'DA\u0000NA', NPI: 'N/A', 'Effective Date': '02/06/2024', Reason: 'x\u0000' },
    ];
    writeFileSync(feed, JSON.stringify({ data: records }));
    expect(readFileSync(feed, 'utf8')).toContain('\\u0000');
    const result = await ingestArtifact({ pool: db.pool, sourceKey: 'state_tn', artifactPath: feed });
    expect(result).toMatchObject({ outcome: 'published', entryCount: 2, badRowCount: 0 });
    if (result.outcome !== 'published') throw new Error('not published');
    const { rows } = await db.pool.query('SELECT name, raw FROM list_entries WHERE version_id = $1 ORDER BY name', [result.versionId]);
    expect(rows).toEqual([
      {
        name: 'DANA SAMPLEFIELD',
        raw: { 'Last Name': 'SAMPLEFIELD', 'First Name': 'DANA', NPI: 'N/A', 'Effective Date': '02/06/2024', Reason: 'x' },
      },
      {
        name: 'JORDAN EXAMPLESON',
        raw: { 'Last Name': 'EXAMPLESON', 'First Name': 'JORDAN', NPI: '1000000012', 'Effective Date': '17-Mar-2025', Reason: 'Fraud' },
      },
    ]);
  });
});

describe('a parse that runs out of its memory is refused, not the worker', () => {
  it('refuses a JSON feed whose parse outgrows the parser process heap', async () => {
    const record = (i: number): Record<string, string> => ({
      'Last Name': `LISTED${i}`,
      'First Name': 'PAT',
      NPI: 'N/A',
      'Effective Date': '05-Mar-2024',
      Reason: 'Terminated',
    });
    const small = join(dir, 'tn-small.json');
    writeFileSync(small, JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => record(i)) }));
    await published('state_tn', small);
    const large = join(dir, 'tn-large.json');
    writeFileSync(large, JSON.stringify({ data: Array.from({ length: 300_000 }, (_, i) => record(i)) }));
    const reason = await refusedKeepingCurrent('state_tn', large, { LIST_PARSE_MEMORY_MB: '96' });
    expect(reason).toBe('the parser ran out of its 96 MB of memory');
  });
});

describe('the parser process', () => {
  beforeAll(async () => {
    // Published here too (unchanged when the XLSX tests above ran), so these tests also run alone.
    await ingestArtifact({ pool: db.pool, sourceKey: 'state_ky', artifactPath: generated('state_ky') });
  });

  /** This process's list parser children (parseProcess.ts forks them), by pid. */
  function parserChildren(): number[] {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          // The command name in /proc/<pid>/stat may hold spaces and parentheses; the fields after its last ')' do not.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('parseChild');
        } catch {
          return false; // gone meanwhile
        }
      });
  }
  function processState(pid: number): string {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return `${pid} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]}`;
    } catch {
      return `${pid} gone`;
    }
  }
  /**
   * The parser children once any an earlier test's parse let go (killed, not yet gone) have exited.
   * Under the whole suite's load on 2 cores, a child at nice 10 has been seen still listed after 10 s.
   */
  async function settledParserChildren(): Promise<number[]> {
    const until = Date.now() + 30_000;
    let children = parserChildren();
    while (children.length > 1 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      children = parserChildren();
    }
    return children;
  }

  it('runs at a lower CPU priority than the worker, and a refusal it made itself leaves it ready for the next artifact', async () => {
    const entries = await zipEntries(readFileSync(generated('state_ky')));
    const honest = writeZip(
      join(dir, 'ky-bomb-again.xlsx'),
      entries.map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: 64 } : entry)),
    );
    const lying = writeZip(
      join(dir, 'ky-lying-bomb-again.xlsx'),
      entries.map((entry) =>
        entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: 64, declaredBytes: 5 * 1024 * 1024 } : entry,
      ),
    );
    await refusedKeepingCurrent('state_ky', honest);
    const [parser, ...others] = await settledParserChildren();
    // Each one left with its state (R running, S sleeping, Z exited and not yet reaped), should one stay.
    expect(others.map(processState)).toEqual([]);
    expect(getPriority(parser)).toBe(Math.max(PARSER_NICENESS, getPriority()));
    expect(getPriority(parser)).toBeGreaterThan(0);
    await refusedKeepingCurrent('state_ky', lying);
    expect(await settledParserChildren()).toEqual([parser]);
  }, 120_000);
});
