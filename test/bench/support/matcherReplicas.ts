import { spawn } from 'node:child_process';
import path from 'node:path';
import { withMatcherNodeOptions } from '../../../matcher/nodeOptions';

const TSX_CLI = path.resolve(__dirname, '..', '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * Matcher processes over the benchmarks' generated data (matcherReplica.ts: regenerated from
 * the seed, indexed, served on a free loopback port), with the matcher's node options, as the
 * stack runs matchers. Resolves with their URLs once every one is serving.
 */
export async function startMatcherReplicas(options: {
  count: number;
  entries: number;
  registry: number;
  seed: number;
}): Promise<{ urls: string[]; stop(): void }> {
  const children = Array.from({ length: options.count }, () =>
    spawn(
      process.execPath,
      [TSX_CLI, path.join(__dirname, 'matcherReplica.ts'), String(options.entries), String(options.registry), String(options.seed)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: withMatcherNodeOptions(process.env),
      },
    ),
  );
  const stop = (): void => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  try {
    const urls = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve, reject) => {
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
              const line = out.split('\n').find((l) => l.startsWith('{'));
              if (line) resolve((JSON.parse(line) as { url: string }).url);
            });
            child.on('exit', (code) => reject(new Error(`matcher replica exited with code ${code}`)));
          }),
      ),
    );
    return { urls, stop };
  } catch (err) {
    stop();
    throw err;
  }
}
