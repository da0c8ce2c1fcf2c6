import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench -- --save`: the figures a run printed, kept in a file of their own,
 * `test/bench/results/YYYY-MM-DD-<commit>.md`, under a header that says what was measured where
 * (commit, date, machine, Node). The files are the history of the figures; the text the run
 * printed is kept as it was printed, so nothing is formatted twice.
 */

/** Where the results files are kept. */
export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/** What a run was measured on. */
export interface RunInfo {
  /** The local date the run ended, YYYY-MM-DD. */
  date: string;
  /** The short hash of the commit checked out. */
  commit: string;
  /** Whether the working tree differed from the commit. */
  dirty: boolean;
  cores: number;
  cpu: string;
  memoryBytes: number;
  os: string;
  node: string;
  /** The options the bench was run with. */
  argv: readonly string[];
}

/** The local date of `at`, YYYY-MM-DD. */
function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The commit, the date, this machine and this Node, for a run with `argv`. */
export function runInfo(argv: readonly string[], at = new Date(), cwd = process.cwd()): RunInfo {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  return {
    date: localDate(at),
    commit: git('rev-parse', '--short', 'HEAD'),
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown processor',
    memoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    argv,
  };
}

/** A results file: the header, then the output of the run as it was printed. */
export function resultsText(info: RunInfo, output: string): string {
  // A folder outside the project (the datasets) is this machine's: its last name is kept.
  const argv = info.argv.map((arg) => (isAbsolute(arg) ? `…/${basename(arg)}` : arg));
  const command = ['npm run bench --', ...argv].join(' ');
  return [
    `# Bench of ${info.commit}, ${info.date}`,
    '',
    '| | |',
    '| --- | --- |',
    `| commit | ${info.commit}${info.dirty ? ' with uncommitted changes' : ''} |`,
    `| date | ${info.date} |`,
    `| machine | ${info.cores} cores (${info.cpu}), ` +
      `${(info.memoryBytes / 2 ** 30).toFixed(1)} GB memory, ${info.os} |`,
    `| Node | ${info.node} |`,
    `| command | \`${command}\` |`,
    '',
    '```text',
    output.replace(/\s+$/, ''),
    '```',
    '',
  ].join('\n');
}

/**
 * Writes a run's results into `dir` as `YYYY-MM-DD-<commit>.md`, or `...-2.md` and on when a run
 * of the same commit that day is there already; returns the file's path.
 */
export function saveResults(info: RunInfo, output: string, dir = RESULTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const base = `${info.date}-${info.commit}`;
  let file = join(dir, `${base}.md`);
  for (let n = 2; existsSync(file); n++) file = join(dir, `${base}-${n}.md`);
  writeFileSync(file, resultsText(info, output), { flag: 'wx' });
  return file;
}

/**
 * Records what is written to `stream` (the process's standard output) while still writing it,
 * until `stop()`: the tables the bench prints, as printed.
 */
export function recordOutput(stream: NodeJS.WriteStream = process.stdout): {
  text(): string;
  stop(): void;
} {
  const chunks: string[] = [];
  const write = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    chunks.push(
      typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'),
    );
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof stream.write;
  return {
    text: () => chunks.join(''),
    stop: () => {
      stream.write = write;
    },
  };
}
