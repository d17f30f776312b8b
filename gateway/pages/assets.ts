import fs from 'node:fs';
import path from 'node:path';

export interface StaticAsset {
  body: Buffer;
  type: string;
}

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

function load(file: string): StaticAsset {
  return { body: fs.readFileSync(file), type: TYPES[path.extname(file)] };
}

/** The files the pages load, read once at start: this folder's assets and Redoc's browser bundle from its npm package. */
export function loadAssets(redocPath: string): Map<string, StaticAsset> {
  const dir = path.join(__dirname, 'assets');
  const assets = new Map<string, StaticAsset>();
  for (const name of fs.readdirSync(dir).filter((n) => TYPES[path.extname(n)])) assets.set(`/assets/${name}`, load(path.join(dir, name)));
  assets.set(redocPath, load(require.resolve('redoc/bundles/redoc.standalone.js')));
  return assets;
}
