import { readFileSync } from 'node:fs';

/**
 * Machine-wide CPU time split from /proc/stat, so a benchmark can say how much of the run the
 * hypervisor gave this VM's CPUs to others (steal): on a shared VM that, not the code, is
 * often what moves a p99. Null where /proc/stat does not exist.
 */
export type CpuTimes = number[] | null;

const FIELDS = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'] as const;

export function readCpuTimes(): CpuTimes {
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('cpu '));
    return line
      ? line
          .trim()
          .split(/\s+/)
          .slice(1, 1 + FIELDS.length)
          .map(Number)
      : null;
  } catch {
    return null;
  }
}

/** "busy 61%, idle 20%, steal 19%" between two readings, or null. */
export function describeCpuTimes(before: CpuTimes, after: CpuTimes): string | null {
  if (!before || !after) return null;
  const delta = after.map((v, i) => v - before[i]);
  const total = delta.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const share = (name: (typeof FIELDS)[number]): number => (100 * delta[FIELDS.indexOf(name)]) / total;
  const idle = share('idle') + share('iowait');
  const steal = share('steal');
  return `busy ${(100 - idle - steal).toFixed(0)}%, idle ${idle.toFixed(0)}%, steal ${steal.toFixed(0)}%`;
}
