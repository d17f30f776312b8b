import JSZip from 'jszip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  content: string | Buffer;
}

/** MS-DOS time and date words, from the UTC clock so the bytes do not depend on the machine's zone. */
function dosTimestamp(modified: Date): { time: number; date: number } {
  return {
    time: (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | Math.floor(modified.getUTCSeconds() / 2),
    date: ((modified.getUTCFullYear() - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate(),
  };
}

/**
 * A plain deflate ZIP (no ZIP64: entries stay far below 4 GB) built with Node's native zlib;
 * every entry carries the pinned time, so the same content gives the same bytes.
 */
function zipBuffer(entries: readonly ZipEntry[], modified: Date): Buffer {
  const { time, date } = dosTimestamp(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const compressed = deflateRawSync(data, { level: 6 });
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function writeZip(path: string, entries: readonly ZipEntry[], modified: Date): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, zipBuffer(entries, modified));
}

/** Re-packs an XLSX (itself a ZIP) with pinned entry times; exceljs stamps entries with the wall clock. */
export async function pinZipTimes(buffer: Buffer, modified: Date): Promise<Buffer> {
  const source = await JSZip.loadAsync(buffer);
  const entries: ZipEntry[] = [];
  for (const name of Object.keys(source.files)) {
    const file = source.files[name];
    if (!file.dir) entries.push({ name, content: await file.async('nodebuffer') });
  }
  return zipBuffer(entries, modified);
}
