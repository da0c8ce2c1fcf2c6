import { execFileSync } from 'node:child_process';
import { Console } from 'node:console';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { table } from '../../bench/table.ts';
import {
  recordOutput,
  resultsText,
  runInfo,
  saveResults,
  type RunInfo,
} from '../../bench/results.ts';

/**
 * `npm run bench -- --save`: the output of a run, recorded as it is printed, goes into one file
 * per run under a header that says what was measured where. The bench itself is not run here (it
 * takes the machine for most of an hour); a few lines printed as it prints them stand for it.
 */

const root = mkdtempSync(join(tmpdir(), 'football-bench-results-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const INFO: RunInfo = {
  date: '2026-11-20',
  commit: 'abc1234',
  dirty: false,
  cores: 2,
  cpu: 'Some CPU @ 2.0GHz',
  memoryBytes: 8 * 2 ** 30,
  os: 'Linux 6.1.0',
  node: 'v20.20.2',
  argv: ['--save', '--scales', '1'],
};

/**
 * A stream standing for the process's standard output, and what reached it. (vitest replaces the
 * console, so the test gives the bench's printer a console of its own on this stream, as Node's
 * console is on standard output.)
 */
function terminal(): { stream: NodeJS.WriteStream; shown: () => string } {
  const stream = new PassThrough();
  let shown = '';
  stream.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, shown: () => shown };
}

/** What a tiny run prints through the bench's own table printer, recorded, and what was shown. */
async function miniRun(): Promise<{ recorded: string; shown: string }> {
  const { stream, shown } = terminal();
  const recorder = recordOutput(stream);
  const global = globalThis.console;
  globalThis.console = new Console(stream);
  try {
    console.log('Build');
    table(
      ['dataset', 'records', 'seconds'],
      [
        ['demo x1', 1234, '5.1'],
        ['demo x10', 12340, '41.0'],
      ],
    );
  } finally {
    globalThis.console = global;
    recorder.stop();
  }
  stream.write('printed after the recording stopped\n');
  await new Promise((resolve) => setImmediate(resolve));
  return { recorded: recorder.text(), shown: shown() };
}

describe('npm run bench -- --save', () => {
  it('records what the bench prints, as printed, while still printing it, until stopped', async () => {
    const { recorded, shown } = await miniRun();
    expect(recorded).toMatch(/^Build\ndataset\s+records\s+seconds\n-+/);
    expect(recorded).toMatch(/demo x10\s+12340\s+41\.0\n$/);
    expect(shown).toBe(`${recorded}printed after the recording stopped\n`);
  });

  it('writes a header with the commit, date, machine and Node, then the tables', async () => {
    const printed = (await miniRun()).recorded;
    const text = resultsText(INFO, printed);
    expect(text).toMatch(/^# Bench of abc1234, 2026-11-20\n/);
    expect(text).toContain('| commit | abc1234 |');
    expect(text).toContain('| date | 2026-11-20 |');
    expect(text).toContain('| machine | 2 cores (Some CPU @ 2.0GHz), 8.0 GB memory, Linux 6.1.0 |');
    expect(text).toContain('| Node | v20.20.2 |');
    expect(text).toContain('| command | `npm run bench -- --save --scales 1` |');
    expect(text).toContain(`\`\`\`text\n${printed.trimEnd()}\n\`\`\`\n`);
    const national = {
      ...INFO,
      argv: ['--national', '/home/me/football/data', '--real', 'national'],
    };
    expect(resultsText(national, '')).toContain(
      '| command | `npm run bench -- --national …/data --real national` |',
    );
    expect(resultsText({ ...INFO, dirty: true }, '')).toContain(
      '| commit | abc1234 with uncommitted changes |',
    );
  });

  it('writes one file per run, named by the date and the commit', () => {
    const dir = join(root, 'results');
    const first = saveResults(INFO, 'one\n', dir);
    const second = saveResults(INFO, 'two\n', dir);
    const third = saveResults({ ...INFO, date: '2026-11-21' }, 'three\n', dir);
    expect([first, second, third]).toEqual([
      join(dir, '2026-11-20-abc1234.md'),
      join(dir, '2026-11-20-abc1234-2.md'),
      join(dir, '2026-11-21-abc1234.md'),
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      '2026-11-20-abc1234-2.md',
      '2026-11-20-abc1234.md',
      '2026-11-21-abc1234.md',
    ]);
    expect(readFileSync(first, 'utf8')).toContain('```text\none\n```');
    expect(readFileSync(second, 'utf8')).toContain('```text\ntwo\n```');
  });

  it('takes the commit from git and the machine from the system', () => {
    const info = runInfo(['--save'], new Date(2026, 0, 5));
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
    expect(info.commit).toBe(head.trim());
    expect(info.date).toBe('2026-01-05');
    expect(info.cores).toBe(availableParallelism());
    expect(info.node).toBe(process.version);
    expect(info.memoryBytes).toBeGreaterThan(0);
  });
});
