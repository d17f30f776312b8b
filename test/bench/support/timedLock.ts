import { spawn } from 'node:child_process';

/**
 * A lock file (flock) held only around the timed part of a benchmark, named by BENCH_TIMED_LOCK:
 * on a machine shared by several benchmarks, the long set-up (lists published, records
 * enrolled) runs beside the others and only the timings wait for the lock. Without the
 * variable, nothing is locked. Resolves with the release, once the lock is held.
 */
export function holdTimedLock(env: NodeJS.ProcessEnv = process.env): Promise<() => void> {
  const lockPath = env.BENCH_TIMED_LOCK;
  if (!lockPath) return Promise.resolve(() => undefined);
  return new Promise((resolve, reject) => {
    // flock runs the shell once the lock is held; the lock goes when the shell's input closes.
    const holder = spawn('flock', [lockPath, 'sh', '-c', 'echo held; cat > /dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    holder.on('error', reject);
    holder.stdout.once('data', () => resolve(() => holder.stdin.end()));
    holder.on('exit', (code) => reject(new Error(`flock ${lockPath} exited ${code} before the lock was held`)));
  });
}
