/**
 * The process an artifact is parsed in (parseProcess.ts starts it): runs the source's adapter over
 * the staged file and sends the version's rows back as COPY text (or its entries, for an LEIE
 * supplement), a chunk at a time, never more than a few chunks ahead of the parent. A runaway parse here uses this process's heap and this
 * process's event loop, not the worker's.
 */
import { requireSource } from '../sources/catalog';
import { ParseReport, type ListEntry } from '../sources/types';
import { chunked, listEntryLine, registryLine } from './copyRows';
import type { ChildMessage, ParentMessage, ParseRequest } from './parseProtocol';
import { uniqueEntries, uniqueOrganizations } from './unique';

/** Chunks sent and not yet taken by the parent: enough to keep COPY busy, bounded so a fast parse cannot fill the parent's memory. */
const CHUNKS_AHEAD = 4;
const PROGRESS_EVERY_MS = 1000;

let credit = CHUNKS_AHEAD;
let onCredit: (() => void) | null = null;

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('the list parser runs only as a child of the worker'));
    process.send(message, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

async function takeCredit(): Promise<void> {
  while (credit === 0) await new Promise<void>((resolve) => (onCredit = resolve));
  credit -= 1;
}

async function* rowsOf(request: ParseRequest, report: ParseReport, onBytes: (bytes: number) => void): AsyncGenerator<string> {
  const adapter = requireSource(request.sourceKey).adapter;
  const ctx = { path: request.path, report, onBytes, limits: request.limits };
  if (adapter.target === 'list_entries') {
    for await (const entry of uniqueEntries(adapter.parse(ctx), report)) yield listEntryLine(request.versionId, entry);
  } else {
    for await (const org of uniqueOrganizations(adapter.parse(ctx), report)) yield registryLine(request.versionId, org);
  }
}

const ENTRIES_PER_MESSAGE = 1000;

async function* entryBatches(request: ParseRequest, report: ParseReport, onBytes: (bytes: number) => void): AsyncGenerator<ListEntry[]> {
  const adapter = requireSource(request.sourceKey).adapter;
  if (adapter.target !== 'list_entries') throw new Error(`${request.sourceKey} has no list entries`);
  let batch: ListEntry[] = [];
  for await (const entry of adapter.parse({ path: request.path, report, onBytes, limits: request.limits })) {
    batch.push(entry);
    if (batch.length === ENTRIES_PER_MESSAGE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function parse(request: ParseRequest): Promise<void> {
  const report = new ParseReport();
  let bytes = 0;
  let lastProgress = 0;
  const onBytes = (read: number): void => {
    bytes = read;
    const now = Date.now();
    if (now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    void send({ type: 'progress', bytes, rows: report.rows }).catch(() => undefined);
  };
  let stored = 0;
  if (request.output === 'entries') {
    for await (const entries of entryBatches(request, report, onBytes)) {
      await takeCredit();
      await send({ type: 'entries', entries, bytes, rows: report.rows });
      stored += entries.length;
    }
  } else {
    const counted = async function* (): AsyncGenerator<string> {
      for await (const line of rowsOf(request, report, onBytes)) {
        stored += 1;
        yield line;
      }
    };
    for await (const text of chunked(counted())) {
      await takeCredit();
      await send({ type: 'chunk', text, bytes, rows: report.rows });
    }
  }
  const { rows, skipped, badRowCount, badRows, invalidNpis, duplicates, periodEnd } = report;
  await send({ type: 'done', stored, report: { rows, skipped, badRowCount, badRows, invalidNpis, duplicates, periodEnd } });
}

/**
 * A refusal the adapter made itself (a bound passed, a format it cannot read) closes what it read
 * and leaves this process as clean as a finished parse: it stays ready for the next artifact,
 * since starting another costs about a second of CPU. Any other failure ends it (the parent
 * starts afresh).
 */
const REFUSALS = new Set(['ArtifactFormatError', 'CsvError']);

process.on('disconnect', () => process.exit(1));
process.on('message', (message: ParentMessage) => {
  if (message.type === 'ack') {
    credit += 1;
    onCredit?.();
    onCredit = null;
    return;
  }
  credit = CHUNKS_AHEAD;
  parse(message).catch(async (err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    const refused = REFUSALS.has(error.name);
    await send({ type: 'failed', name: error.name, message: error.message, reusable: refused }).catch(() => undefined);
    if (!refused) process.exit(1);
  });
});
