import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { dirname } from 'node:path';

const CHUNK_CHARS = 1 << 20;

/**
 * Buffers lines into ~1 MB chunks and waits for 'drain' when the stream is full, so multi-GB
 * files are written at disk speed with bounded memory.
 */
export class LineWriter {
  private readonly stream: WriteStream;
  private pending = '';
  private lineCount = 0;

  constructor(
    path: string,
    private readonly eol: '\n' | '\r\n',
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.stream = createWriteStream(path);
  }

  get lines(): number {
    return this.lineCount;
  }

  async write(line: string): Promise<void> {
    this.pending += line + this.eol;
    this.lineCount++;
    if (this.pending.length >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = '';
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }

  async close(): Promise<void> {
    if (this.pending) await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
  }
}

/** Writes a small in-memory file line by line (state CSVs, supplements). */
export async function writeLines(path: string, lines: readonly string[], eol: '\n' | '\r\n'): Promise<void> {
  const writer = new LineWriter(path, eol);
  for (const line of lines) await writer.write(line);
  await writer.close();
}
