import fg from 'fast-glob';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { openDatabase } from '../../../data/db.ts';
import { MANIFEST_FILE } from '../../../contract/manifest.ts';
import { createPreviewServer } from '../../../server/adapters/node.ts';
import { demo } from '../../helpers/http/api.ts';
import { otherDatabase } from '../../helpers/data/db.ts';
import { diskFull, expectBuildDiskFull } from '../../helpers/programs/disk-full.ts';
import { runBuild } from '../../helpers/programs/build-cli.ts';
import { loadUntilStopped } from '../../helpers/http/load.ts';
import { startServer } from '../../helpers/http/runtime-server.ts';
import { treeDigest } from '../../helpers/programs/tree.ts';

/**
 * The build's promises about its output: a build killed at any point (SIGKILL, at the named
 * fault points of `data/faults.ts`), failing in a worker, or interrupted, leaves the previous
 * output complete and served, and the next build cleans up. (That worker threads change no byte
 * is in `build.test.ts`.)
 *
 * The kills run the real CLI on a database with the schema and the fixed reference lists only:
 * every resource is built (189 of them), in a few seconds.
 */

describe('a killed, failing or interrupted build', () => {
  let root = '';
  let db = '';
  /** The database of build B. */
  let other = '';
  let out = '';
  /** The two complete builds a reader may see: the previous (A) and the new one (B). */
  let a = new Map<string, string>();
  let b = new Map<string, string>();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'football-publish-'));
    db = join(root, 'empty.sqlite');
    openDatabase(db).close();
    out = join(root, 'dist');
    // B: what the killed builds would have published, from another database.
    other = otherDatabase(db, join(root, 'other.sqlite'));
    await build({ db: other, out: join(root, 'b') });
    b = treeDigest(join(root, 'b'));
    await build({ db, out });
    a = treeDigest(out);
    expect(a.get(MANIFEST_FILE)).not.toBe(b.get(MANIFEST_FILE));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The output is one complete build, A or B, whole; returns which. */
  function complete(): 'A' | 'B' {
    const tree = treeDigest(out);
    if (tree.get(MANIFEST_FILE) === a.get(MANIFEST_FILE)) {
      expect(tree).toEqual(a);
      return 'A';
    }
    expect(tree).toEqual(b);
    return 'B';
  }

  const points = [
    ['render@100', 'A'],
    ['write@300', 'A'],
    ['publish:complete', 'A'],
    ['publish:renamed', 'A'],
    ['publish:linked', 'A'],
    ['publish:flipped', 'B'],
  ] as const;
  for (const [point, expected] of points) {
    it(`killed at ${point}: the output stays one complete build, served without an error`, async () => {
      const server = createPreviewServer(out);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { statuses, stop } = loadUntilStopped(base, [
        '/v1/',
        '/v1/cards',
        '/v0/positions?page=2',
        '/v1/persons',
      ]);
      try {
        const run = await runBuild(['--db', other, '--out', out], {
          FOOTBALL_FAULT: point,
        });
        expect(run.signal).toBe('SIGKILL');
        await new Promise((r) => setTimeout(r, 1100));
        await stop();
        expect([...statuses.keys()]).toEqual([200]);
        expect(complete()).toBe(expected);
        // The next build removes what the killed one left, and succeeds.
        const next = await runBuild(['--db', db, '--out', out]);
        expect(next.code).toBe(0);
        expect(complete()).toBe('A');
        const builds = fg.sync('.dist.builds/*', { cwd: root, dot: true, onlyFiles: false });
        expect(builds).toEqual([`.dist.builds/${basename(readlinkSync(out))}`]);
      } finally {
        await stop();
        server.close();
      }
    });
  }

  it('`npm run serve -- --dir` follows each publish of the output link', async () => {
    const server = await startServer(['--dir', out]);
    const base = `http://127.0.0.1:${server.port}`;
    /** The body of `/v1/cards`, which differs between A and B, as served. */
    const cards = async () => (await fetch(`${base}/v1/cards`)).text();
    const { statuses, stop } = loadUntilStopped(base, ['/v1/', '/v1/cards', '/v1/persons']);
    try {
      const before = await cards();
      expect(before).toBe(readFileSync(join(out, 'v1/cards/index.json'), 'utf8'));
      const run = await runBuild(['--db', other, '--out', out]);
      expect(run.code).toBe(0);
      expect(complete()).toBe('B');
      // The build it replaced is moved aside: the server answers from the new one at once.
      const after = await cards();
      expect(after).not.toBe(before);
      expect(after).toBe(readFileSync(join(out, 'v1/cards/index.json'), 'utf8'));
      await stop();
      expect([...statuses.keys()]).toEqual([200]);
      // Back to A, for the tests after this one.
      expect((await runBuild(['--db', db, '--out', out])).code).toBe(0);
      expect(await cards()).toBe(before);
    } finally {
      await stop();
      await server.stop();
    }
  });

  it('a failing worker fails the build with a clear message and publishes nothing', async () => {
    const run = await runBuild(['--db', other, '--out', out], {
      FOOTBALL_FAULT: 'render@20',
      FOOTBALL_FAULT_ACTION: 'throw',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Build failed; .* was left as it was/);
    expect(run.stderr).toMatch(/Building v\d\/\S+ failed: Error: fault injected at render/);
    expect(complete()).toBe('A');
    expect(fg.sync('.dist.builds/*.partial', { cwd: root, dot: true, onlyFiles: false })).toEqual(
      [],
    );
  });

  it('a full disk fails the build, saying what it wrote and what it kept', async () => {
    const run = await runBuild(['--db', other, '--out', out], {
      FOOTBALL_FAULT: 'write@300',
      FOOTBALL_FAULT_ACTION: 'enospc',
    });
    expect(run.code).toBe(1);
    const kept = fg
      .sync('**/*', { cwd: realpathSync(out), dot: true, stats: true })
      .reduce((n, f) => n + f.stats!.size, 0);
    expectBuildDiskFull(run.stderr, kept);
    expect(complete()).toBe('A');
    expect(fg.sync('.dist.builds/*.partial', { cwd: root, dot: true, onlyFiles: false })).toEqual(
      [],
    );
  });

  it('SIGTERM ends a build with a message and leaves the previous output', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'cli/build.ts', '--db', demo().db, '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Stop it once it is writing: its partial folder exists.
    const deadline = Date.now() + 60_000;
    while (
      fg.sync('.dist.builds/*.partial', { cwd: root, dot: true, onlyFiles: false }).length === 0
    )
      if (Date.now() > deadline) throw new Error('the build never started');
      else await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(143);
    expect(stderr).toMatch(/interrupted by SIGTERM; .* was left as it was/);
    expect(complete()).toBe('A');
    expect(fg.sync('.dist.builds/*.partial', { cwd: root, dot: true, onlyFiles: false })).toEqual(
      [],
    );
    expect(existsSync(join(out, MANIFEST_FILE))).toBe(true);
  });
});

/**
 * A real full disk, where this machine lets the test mount a small file system (a 24 MB tmpfs;
 * root only): a build of the demo into it fails as the injected ENOSPC does.
 */
describe('a build on a disk that really fills', () => {
  let mountPoint = '';
  let mounted = false;
  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), 'football-tiny-'));
    mounted =
      process.platform === 'linux' &&
      spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]).status === 0;
  });
  afterAll(() => {
    // Lazily: the detached removal of the failed build may still hold files on it.
    if (mounted) spawnSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('fails saying the disk is full and keeps the previous output', async (context) => {
    if (!mounted) {
      console.warn('Skipping the real full-disk build: this user cannot mount a small tmpfs.');
      return context.skip();
    }
    // The database beside the small file system, so that only the build fills it.
    const empty = `${mountPoint}.sqlite`;
    try {
      openDatabase(empty).close();
      const out = join(mountPoint, 'dist');
      await build({ db: empty, out });
      const before = treeDigest(out);
      const run = await runBuild(['--db', demo().db, '--out', out]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(diskFull('build', 'the previous output'));
      expect(treeDigest(out)).toEqual(before);
      expect(fg.sync('.dist.builds/*', { cwd: mountPoint, dot: true, onlyFiles: false })).toEqual([
        `.dist.builds/${basename(readlinkSync(out))}`,
      ]);
    } finally {
      for (const suffix of ['', '-wal', '-shm']) rmSync(empty + suffix, { force: true });
    }
  });
});
