import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds per process group over a timed window, read from /proc/<pid>/stat (user + system
 * ticks), so a benchmark can say which process its time went to; and each group's peak resident
 * memory, as sampled. A group is a set of pids chosen
 * again at every sample (a process tree, a database's backends), so processes that start during
 * the window count from zero and ones that end keep what they had used when last seen. Empty
 * where /proc does not exist.
 */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

function readRssBytes(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return 0;
  }
}

export function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function readTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, closed by the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** pid → parent pid and command line of every process. */
function processTable(): Map<number, { ppid: number; cmdline: string }> {
  const table = new Map<number, { ppid: number; cmdline: string }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return table;
  }
  for (const d of pids) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      table.set(Number(d), { ppid, cmdline });
    } catch {
      // gone since the listing
    }
  }
  return table;
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const table = processTable();
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, p] of table) if (p.ppid === out[i]) out.push(pid);
  return out;
}

export interface CpuGroup {
  name: string;
  pids(): number[] | Promise<number[]>;
}

export interface CpuSampler {
  /** CPU seconds and peak resident MB per group since start, sampling once more. */
  stop(): Promise<{ cpu: Record<string, number>; rssMb: Record<string, number> }>;
}

/** Samples every group's pids each `intervalMs` until stopped. */
export async function sampleProcessCpu(groups: readonly CpuGroup[], intervalMs = 1000): Promise<CpuSampler> {
  // pid → ticks at its first and last sighting, per group.
  const seen = groups.map(() => new Map<number, { first: number; last: number }>());
  const peakRss = groups.map(() => 0);
  const sample = async (initial: boolean): Promise<void> => {
    for (let g = 0; g < groups.length; g++) {
      const pids = await groups[g].pids();
      peakRss[g] = Math.max(
        peakRss[g],
        pids.reduce((sum, pid) => sum + readRssBytes(pid), 0),
      );
      for (const pid of pids) {
        const ticks = readTicks(pid);
        if (ticks === null) continue;
        const known = seen[g].get(pid);
        if (known) known.last = ticks;
        else seen[g].set(pid, { first: initial ? ticks : 0, last: ticks });
      }
    }
  };
  await sample(true);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample(false);
      return {
        cpu: Object.fromEntries(
          groups.map((group, g) => [group.name, [...seen[g].values()].reduce((sum, t) => sum + t.last - t.first, 0) / TICKS_PER_SECOND]),
        ),
        rssMb: Object.fromEntries(groups.map((group, g) => [group.name, Math.round(peakRss[g] / 2 ** 20)])),
      };
    },
  };
}

/** CPU ticks of each of a process's threads, by thread name (/proc/<pid>/task/<tid>/comm), summed over threads of the same name. */
function threadTicks(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // thread gone
    }
  }
  return out;
}

/**
 * CPU seconds of one process's threads between start and stop, by thread name: in a Node
 * process running a Temporal worker, what the JavaScript thread spent against the SDK's native
 * threads and the garbage collector's. Threads that end in between are not counted.
 */
export function threadCpu(pid: number): { stop(): Record<string, number> } {
  const before = threadTicks(pid);
  return {
    stop() {
      const after = threadTicks(pid);
      return Object.fromEntries(
        [...after]
          .map(([name, ticks]) => [name, (ticks - (before.get(name) ?? 0)) / TICKS_PER_SECOND] as const)
          .filter(([, seconds]) => seconds > 0)
          .sort((a, b) => b[1] - a[1]),
      );
    },
  };
}
