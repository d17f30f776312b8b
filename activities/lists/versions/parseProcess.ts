import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ParseLimits } from '../sources/limits';
import { ArtifactFormatError, type ListEntry, type ParseReport } from '../sources/types';
import type { ChildMessage, ParentMessage, ParseRequest, ReportCounts } from './parseProtocol';

export interface ParseInChildInput {
  sourceKey: string;
  path: string;
  versionId: string;
  limits: ParseLimits;
  /** Filled in when the child has read the whole artifact. */
  report: ParseReport;
  onBytes: (bytes: number) => void;
}

/** How often the parent reports the last progress while the child is silent (a whole-file reader reports only at its end). */
const QUIET_PROGRESS_EVERY_MS = 5000;
/** The end of the child's stderr kept for a refusal's reason (V8 says there why it stopped). */
const STDERR_TAIL = 2000;

/**
 * The parser's CPU priority (nice 10): parsing is background work measured in minutes, so on a
 * small machine whatever a parse (or a hostile artifact) spends yields to the batches and
 * deliveries of the worker, the matcher and the database beside it. Not the lowest (19): a
 * workbook is read whole and reports progress only at its end, and at 19 a busy machine could
 * starve that read past the stall limit and refuse a good list.
 */
export const PARSER_NICENESS = 10;

/** The child's entry beside this module: TypeScript sources run it through tsx, a build runs the compiled file. */
function startChild(limits: ParseLimits): ChildProcess {
  const extension = extname(__filename);
  const entry = join(__dirname, `parseChild${extension}`);
  const loader = extension === '.ts' ? ['--import', pathToFileURL(require.resolve('tsx')).href] : [];
  const child = fork(entry, [], {
    execArgv: [...loader, `--max-old-space-size=${limits.parserMemoryMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  child.stderr?.setEncoding('utf8');
  if (child.pid !== undefined) {
    try {
      // Never above the worker's own priority, when the worker itself runs niced.
      setPriority(child.pid, Math.max(PARSER_NICENESS, getPriority()));
    } catch {
      // A platform or sandbox that forbids it parses at the worker's priority.
    }
  }
  // A parse's own listeners come and go with it; an idle child's failure to be killed is no one's error.
  child.on('error', () => undefined);
  return child;
}

/**
 * A parser process that finished its last artifact cleanly waits this long for the next one:
 * starting one costs about a second of loading, and ingestions often come in runs. One that
 * failed otherwise (its parser's own exception, out of memory) or was stopped is never reused.
 */
const IDLE_MS = 30_000;
let idle: { child: ChildProcess; memoryMb: number; timer: NodeJS.Timeout } | null = null;

/** Whether this process keeps running for the child (its handles are counted) or not. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  const handles = [child, child.channel, child.stderr] as Array<{ ref?(): void; unref?(): void } | null | undefined>;
  for (const handle of handles) (hold ? handle?.ref : handle?.unref)?.call(handle);
}

function takeChild(limits: ParseLimits): ChildProcess {
  const waiting = idle;
  idle = null;
  if (waiting) {
    clearTimeout(waiting.timer);
    if (waiting.memoryMb === limits.parserMemoryMb && waiting.child.connected && waiting.child.exitCode === null) {
      holdOpen(waiting.child, true);
      return waiting.child;
    }
    waiting.child.kill('SIGKILL');
  }
  return startChild(limits);
}

function keepChild(child: ChildProcess, limits: ParseLimits): void {
  if (idle || !child.connected) {
    child.kill('SIGKILL');
    return;
  }
  holdOpen(child, false);
  const timer = setTimeout(() => {
    if (idle?.child === child) idle = null;
    child.kill('SIGKILL');
  }, IDLE_MS);
  timer.unref();
  idle = { child, memoryMb: limits.parserMemoryMb, timer };
}

function send(child: ChildProcess, message: ParentMessage): void {
  if (child.connected) child.send(message);
}

function fillReport(report: ParseReport, counts: ReportCounts): void {
  report.rows = counts.rows;
  report.skipped = counts.skipped;
  report.badRowCount = counts.badRowCount;
  report.badRows.push(...counts.badRows);
  report.invalidNpis = counts.invalidNpis;
  report.duplicates = counts.duplicates;
  report.periodEnd = counts.periodEnd;
}

/** Why a child that never said `done` or `failed` stopped, in words for the refusal. */
function endReason(limits: ParseLimits, exit: { code: number | null; signal: string | null }, stalled: boolean, stderr: string): string {
  if (stalled) return `the parser made no progress for ${Math.round(limits.parserStallMs / 1000)} s and was stopped`;
  if (/heap limit|out of memory|allocation failed/i.test(stderr)) {
    return `the parser ran out of its ${limits.parserMemoryMb} MB of memory`;
  }
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  const said = stderr.trim().split('\n').slice(-1)[0];
  return `the parser stopped (${how}) before reading the whole artifact${said ? `: ${said}` : ''}`;
}

/**
 * Parses an artifact in a child process with its own heap limit, yielding the staged version's
 * rows as COPY text chunks; `report` is filled in and the stored row count returned at the end.
 * Whatever goes wrong in the parse (a format error, a parser's own exception, running out of
 * memory, no progress for `parserStallMs`) is an ArtifactFormatError, so the ingestion refuses the
 * artifact with that reason. The child is killed when the consumer stops early or the parse
 * fails otherwise; after a clean parse, or a refusal the adapter made itself, it waits a while
 * for the next artifact.
 */
async function* fromChild(input: ParseInChildInput, output: ParseRequest['output']): AsyncGenerator<string | ListEntry[], number> {
  const { limits } = input;
  const child = takeChild(limits);
  const inbox: ChildMessage[] = [];
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  let exit: { code: number | null; signal: string | null } | null = null;
  let startError: Error | null = null;
  let stderr = '';
  let stalled = false;
  let lastHeard = Date.now();
  let bytes = 0;
  const onStderr = (text: string): void => {
    stderr = (stderr + text).slice(-STDERR_TAIL);
  };
  const onMessage = (message: ChildMessage): void => {
    lastHeard = Date.now();
    inbox.push(message);
    notify();
  };
  const onError = (err: Error): void => {
    startError = err;
    notify();
  };
  // 'close' comes after the IPC channel has delivered everything the child sent.
  const onClose = (code: number | null, signal: string | null): void => {
    exit = { code, signal };
    notify();
  };
  child.stderr?.on('data', onStderr);
  child.on('message', onMessage);
  child.on('error', onError);
  child.on('close', onClose);
  const watchdog = setInterval(
    () => {
      if (Date.now() - lastHeard > limits.parserStallMs && !exit) {
        stalled = true;
        child.kill('SIGKILL');
      }
      input.onBytes(bytes);
    },
    Math.min(QUIET_PROGRESS_EVERY_MS, limits.parserStallMs),
  );
  // A clean parse, or a refusal the adapter made itself, leaves the child ready for the next artifact.
  let reusable = false;
  send(child, { type: 'parse', sourceKey: input.sourceKey, path: input.path, output, versionId: input.versionId, limits });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (startError) throw startError;
        if (exit) throw new ArtifactFormatError(endReason(limits, exit, stalled, stderr));
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'progress' || message.type === 'chunk' || message.type === 'entries') {
        bytes = message.bytes;
        input.onBytes(bytes);
      }
      if (message.type === 'chunk' || message.type === 'entries') {
        yield message.type === 'chunk' ? message.text : message.entries;
        send(child, { type: 'ack' });
      } else if (message.type === 'done') {
        fillReport(input.report, message.report);
        reusable = true;
        return message.stored;
      } else if (message.type === 'failed') {
        reusable = message.reusable;
        const known = message.name === 'ArtifactFormatError' || message.name === 'CsvError';
        throw new ArtifactFormatError(known ? message.message : `the parser failed: ${message.name}: ${message.message}`);
      }
    }
  } finally {
    clearInterval(watchdog);
    child.stderr?.off('data', onStderr);
    child.off('message', onMessage);
    child.off('error', onError);
    child.off('close', onClose);
    if (reusable && !exit) keepChild(child, limits);
    else if (!exit) child.kill('SIGKILL');
  }
}

/** The staged version's rows as COPY text chunks, duplicates dropped; returns the number of rows. */
export async function* parseInChild(input: ParseInChildInput): AsyncGenerator<string, number> {
  // In 'copy' output the child sends only text chunks.
  return yield* fromChild(input, 'copy') as AsyncGenerator<string, number>;
}

/** The adapter's entries as read, for an LEIE supplement applied on top of the current version. */
export async function* parseEntriesInChild(input: Omit<ParseInChildInput, 'versionId'>): AsyncGenerator<ListEntry> {
  for await (const entries of fromChild({ ...input, versionId: '' }, 'entries')) yield* entries as ListEntry[];
}
