import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 of a file's bytes, streamed. */
export async function fileSha256(path: string, onBytes?: (bytes: number) => void): Promise<string> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    onBytes?.(bytes);
  }
  return hash.digest('hex');
}
