import type { IngestProgress } from '../../../activities/lists';
import type { IngestListSetHooks, SourceIngested } from './ingestListSet';

/**
 * What `npm start` prints while it publishes its lists: one line per list it ingests (rows and
 * seconds), a line every PROGRESS_EVERY_S during a long one (NPPES runs for minutes), and one
 * line for the lists it found unchanged.
 */
const PROGRESS_EVERY_S = 15;
const MB = 1024 * 1024;

const count = (n: number): string => n.toLocaleString('en-US');

export function describeIngested(ingested: SourceIngested): string {
  const what = `${ingested.source.padEnd(16)} ${count(ingested.rows).padStart(10)} rows ${ingested.seconds.toFixed(1).padStart(7)} s`;
  if (ingested.outcome === 'refused') return `${what}  REFUSED: ${ingested.reason ?? ''}`;
  return `${what}  ${ingested.outcome}`;
}

function describeProgress(source: string, progress: IngestProgress, seconds: number): string {
  // A compressed artifact (SAM's ZIP) counts the bytes it inflated: no share of the file to give.
  const share =
    progress.bytesRead <= progress.totalBytes
      ? `, ${Math.round((progress.bytesRead / progress.totalBytes) * 100)}% of ${(progress.totalBytes / MB).toFixed(0)} MB`
      : '';
  return `${source.padEnd(16)} ${count(progress.rows).padStart(10)} rows ${seconds.toFixed(1).padStart(7)} s  ${progress.phase}${share}`;
}

/** Hooks for ingestListSet that print through `write`, and a closing summary. */
export function progressLines(write: (line: string) => void): IngestListSetHooks & { summary(all: SourceIngested[]): string } {
  let lastPrinted = 0;
  return {
    onStart: () => {
      lastPrinted = 0;
    },
    onProgress: (source, progress, seconds) => {
      if (progress.phase === 'checksum' || seconds - lastPrinted < PROGRESS_EVERY_S) return;
      lastPrinted = seconds;
      write(describeProgress(source, progress, seconds));
    },
    onDone: (ingested) => {
      if (ingested.outcome !== 'unchanged') write(describeIngested(ingested));
    },
    summary(all) {
      const unchanged = all.filter((i) => i.outcome === 'unchanged');
      const published = all.filter((i) => i.outcome === 'published');
      const refused = all.length - unchanged.length - published.length;
      const seconds = all.reduce((sum, i) => sum + i.seconds, 0);
      const rows = all.reduce((sum, i) => sum + i.rows, 0);
      return (
        `${all.length} lists, ${count(rows)} rows: ${published.length} published, ${unchanged.length} unchanged` +
        `${refused > 0 ? `, ${refused} REFUSED` : ''}, in ${seconds.toFixed(1)} s`
      );
    },
  };
}
