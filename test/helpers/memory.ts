import { readdirSync, readFileSync } from 'node:fs';

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
