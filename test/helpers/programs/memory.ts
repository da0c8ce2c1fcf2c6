import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The resident memory of a process, in bytes (Linux's /proc), or null elsewhere. */
export function rss(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * The resident memory of a process and every process it started (a launcher and its runtime:
 * Deno, Bun, workerd), in bytes, or null where there is no /proc.
 */
export function treeRss(pid: number): number | null {
  if (rss(pid) === null) return null;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command name, in parentheses, may hold spaces: the fields after it are split.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  let total = 0;
  const visit = (p: number) => {
    total += rss(p) ?? 0;
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

/**
 * Memory sampled under a steady load, summed up for a check that it stayed flat: the lowest of
 * the first third of the samples and the lowest of the last third. The garbage collector saws
 * memory up and down by a quarter and its rhythm shifts on a loaded machine, so the peaks and
 * middles say little; its troughs, right after a collection, are the memory the server holds,
 * and a leak lifts them (4 KB kept per request lifted them by a quarter over a 12 s soak, where
 * a bound on the peaks let it pass).
 */
export function drift(samples: number[]): { early: number; late: number } {
  const third = Math.floor(samples.length / 3);
  return { early: Math.min(...samples.slice(0, third)), late: Math.min(...samples.slice(-third)) };
}

/** The node arguments that load `heap-probe.ts` into a server for `liveMemory`. */
export const HEAP_PROBE_ARGS = ['--expose-gc', '--import', './test/helpers/programs/heap-probe.ts'];

/**
 * The memory of a server started with `HEAP_PROBE_ARGS` and `FOOTBALL_HEAP_PROBE=file`, right
 * after a full collection (its `process.memoryUsage()`), which it makes on a signal and writes
 * to `file`: `heapUsed + external` is what it keeps.
 */
export async function liveMemory(pid: number, file: string): Promise<NodeJS.MemoryUsage> {
  // Whole lines only: a line being written has no newline yet.
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : []);
  const before = read().length;
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 20) {
    const lines = read();
    if (lines.length > before) return JSON.parse(lines.at(-1)!) as NodeJS.MemoryUsage;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`process ${pid} wrote no memory figures to ${file}`);
}
