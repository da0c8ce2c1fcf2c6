import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { splitArchive } from '../../../build/archive/pack.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { unpack } from '../../../build/archive/unpack.ts';
import type { PartsEntry } from '../../../contract/archive-parts.ts';
import { HEALTH_PATH } from '../../../contract/health.ts';
import { openLocalArchive } from '../../../contract/node/archive-file.ts';
import { openDatabase } from '../../../data/db.ts';
import { createArchiveServer } from '../../../server/adapters/node.ts';
import { demo } from '../../helpers/http/api.ts';
import { runBuild } from '../../helpers/programs/build-cli.ts';
import { otherDatabase } from '../../helpers/data/db.ts';
import { treeDigest } from '../../helpers/programs/tree.ts';

/**
 * Archives in parts, as users make them: `npm run build -- --archive FILE --part-size SIZE`.
 * The parts joined are the archive a whole build writes, byte for byte; the parts read as one
 * archive unpack into the build's tree; a new build replaces them without a reader of the old
 * entry point losing a byte, and a killed one leaves the previous build whole.
 */

const { db } = demo();
const work = mkdtempSync(join(tmpdir(), 'football-parts-'));
const MiB = 2 ** 20;

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The entry point at `file`. */
const entryAt = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PartsEntry;

/** The parts of the entry point at `file`, joined end to end. */
function joined(file: string): Buffer {
  const folder = join(file, '..');
  return Buffer.concat(entryAt(file).parts.map((name) => readFileSync(join(folder, name))));
}

/** The names in `folder` other than the entry points'. */
const partsIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => /\.[0-9a-f]{12}\.\d{3}$/.test(name))
    .sort();

/** Six resources of the demo: an archive of a few megabytes, built in seconds. */
const few = {
  ...REGISTRY,
  resources: REGISTRY.resources.filter((r) =>
    [
      'v1/persons',
      'v1/clubs/matches/info',
      'v1/cards',
      'v1/clubs/matches/lineups',
      'v1/clubs/events/actions',
      'v1/clubs/events/touches',
    ].includes(r.path),
  ),
};

describe('an archive built in parts', () => {
  it('is the whole archive cut into parts of the size asked, the last shorter', async () => {
    const folder = join(work, 'built');
    mkdirSync(folder);
    const whole = join(folder, 'api.archive');
    const entry = join(folder, 'api.parts');
    await build({ db, archive: whole, registry: few });
    await build({ db, archive: entry, partSize: MiB, registry: few });
    const bytes = readFileSync(whole);
    expect(bytes.length).toBeGreaterThan(2 * MiB);
    expect(joined(entry).equals(bytes)).toBe(true);
    const { length, partSize, parts } = entryAt(entry);
    expect([length, partSize, parts.length]).toEqual([
      bytes.length,
      MiB,
      Math.ceil(bytes.length / MiB),
    ]);
    expect(parts.every((name) => /^api\.parts\.[0-9a-f]{12}\.\d{3}$/.test(name))).toBe(true);
    expect(partsIn(folder)).toEqual(parts);
    // Nothing else is left beside them: no scratch folder, no partial file.
    expect(readdirSync(folder).sort()).toEqual(['api.parts', ...parts, 'api.archive'].sort());
  });

  it('is the same bytes when an archive already built is split into parts', () => {
    const folder = join(work, 'split');
    mkdirSync(folder);
    const entry = join(folder, 'api.parts');
    const split = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/split.ts', ...args], {
        encoding: 'utf8',
      });
    const whole = join(work, 'built', 'api.archive');
    const done = split('--archive', whole, '--out', entry, '--part-size', '1MiB');
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/into \d+ parts -> .*api\.parts/);
    const missing = split(
      '--archive',
      join(folder, 'none.archive'),
      '--out',
      entry,
      '--part-size',
      '1MiB',
    );
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringMatching(/No archive at/)]);
    expect(readFileSync(entry).equals(readFileSync(join(work, 'built', 'api.parts')))).toBe(true);
    expect(partsIn(folder)).toEqual(partsIn(join(work, 'built')));
  });

  it('unpacks, read as one archive, into the tree the build writes, byte for byte', async () => {
    const whole = join(work, 'built', 'api.archive');
    const entry = join(work, 'small', 'api.parts');
    mkdirSync(join(work, 'small'));
    // Parts of 64 KiB (the commands take 1 MiB at least): blocks and leaves lie across the ends
    // of dozens of parts.
    await splitArchive(whole, entry, 64 * 1024);
    expect(entryAt(entry).parts.length).toBeGreaterThan(30);
    const out = join(work, 'unpacked');
    await unpack(entry, out);
    const tree = join(work, 'tree');
    await build({ db, out: tree, registry: few });
    expect(treeDigest(out)).toEqual(treeDigest(tree));
  });
});

describe('a new build over an archive in parts', () => {
  it('leaves the old parts to a reader of the old entry point, then removes them', async () => {
    const folder = join(work, 'rebuilt');
    mkdirSync(folder);
    const entry = join(folder, 'api.parts');
    await build({ db, archive: entry, partSize: MiB, registry: few });
    const before = entryAt(entry).parts;
    const bytes = joined(entry);
    const reader = await openLocalArchive(entry);
    try {
      // Another database, the same part size: the parts' names change with the content.
      const other = otherDatabase(db, join(work, 'rebuilt.sqlite'));
      await build({ db: other, archive: entry, partSize: MiB, registry: few });
      const after = entryAt(entry).parts;
      expect(after).toHaveLength(before.length);
      expect(after.some((name) => before.includes(name))).toBe(false);
      expect(partsIn(folder)).toEqual(after);
      // The reader opened before the new build still reads the old one, every byte of it.
      const all = await reader.source.read(0, reader.source.length);
      expect(Buffer.from(all).equals(bytes)).toBe(true);
      expect(joined(entry).equals(bytes)).toBe(false);
    } finally {
      await reader.close();
    }
    // A whole archive built over it takes its parts away too.
    await build({ db, archive: entry, registry: few });
    expect(partsIn(folder)).toEqual([]);
    expect(readFileSync(entry).subarray(0, 8).toString()).toBe('FSAPIARC');
  });

  it('leaves parts it does not know while another build of the archive is under way', async () => {
    const folder = join(work, 'concurrent');
    mkdirSync(folder);
    const entry = join(folder, 'api.parts');
    await build({ db, archive: entry, partSize: MiB, registry: few });
    // Another build, live, has placed its parts and not yet renamed its entry point.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      mkdirSync(join(folder, `.api.parts.build-${other.pid}`));
      const placed = join(folder, 'api.parts.0123456789ab.001');
      writeFileSync(placed, 'a part of the other build');
      const other2 = otherDatabase(db, join(work, 'concurrent.sqlite'));
      await build({ db: other2, archive: entry, partSize: MiB, registry: few });
      expect(existsSync(placed)).toBe(true);
      expect(partsIn(folder)).toEqual([...entryAt(entry).parts, basename(placed)].sort());
      other.kill();
      await once(other, 'exit');
      // With no other build under way, a part no entry point names is one a killed build left.
      await build({ db, archive: entry, partSize: MiB, registry: few });
      expect(partsIn(folder)).toEqual(entryAt(entry).parts);
    } finally {
      other.kill();
    }
  });

  it('is served once its parts arrive, when its entry point comes first', async () => {
    const folder = join(work, 'late');
    const staged = join(work, 'late-next');
    mkdirSync(folder);
    mkdirSync(staged);
    const entry = join(folder, 'api.parts');
    await build({ db, archive: entry, partSize: MiB, registry: few });
    const other = otherDatabase(db, join(work, 'late.sqlite'));
    await build({ db: other, archive: join(staged, 'api.parts'), partSize: MiB, registry: few });
    const server = await createArchiveServer(entry);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const built = async () => {
      const port = (server.address() as AddressInfo).port;
      return (
        (await (await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`)).json()) as {
          build: string;
        }
      ).build;
    };
    try {
      const first = await built();
      // As `rsync` copies: the entry point (it sorts first), then the parts.
      copyFileSync(join(staged, 'api.parts'), join(folder, '.api.parts.tmp'));
      renameSync(join(folder, '.api.parts.tmp'), entry);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await built()).toBe(first);
      for (const name of entryAt(entry).parts) copyFileSync(join(staged, name), join(folder, name));
      let now = first;
      for (let tries = 0; tries < 50 && now === first; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        now = await built();
      }
      expect(now).not.toBe(first);
    } finally {
      server.close();
    }
  });
});

describe('a killed build of an archive in parts', () => {
  const empty = join(work, 'empty.sqlite');
  const folder = join(work, 'killed');
  const entry = join(folder, 'api.parts');
  const args = (from: string) => ['--db', from, '--archive', entry, '--part-size', '1MiB'];

  it.each(['publish:complete', 'publish:placed', 'publish:flipped'])(
    'killed at %s: the entry point names the previous parts or the new ones, all there',
    async (point) => {
      if (!existsSync(empty)) {
        mkdirSync(folder);
        openDatabase(empty).close();
        expect((await runBuild(args(empty))).code).toBe(0);
      }
      const previous = readFileSync(entry);
      const other = otherDatabase(empty, join(work, 'other.sqlite'));
      const run = await runBuild(args(other), { FOOTBALL_FAULT: point });
      expect(run.signal).toBe('SIGKILL');
      const now = readFileSync(entry);
      expect(now.equals(previous)).toBe(point !== 'publish:flipped');
      for (const name of entryAt(entry).parts) expect(existsSync(join(folder, name))).toBe(true);
      await openLocalArchive(entry).then((a) => a.close());
      // The next build removes what the killed one left, and succeeds.
      expect((await runBuild(args(empty))).code).toBe(0);
      expect(readFileSync(entry).equals(previous)).toBe(true);
      expect(partsIn(folder)).toEqual(entryAt(entry).parts);
      expect(readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
    },
  );
});

describe('an archive in parts that is not whole', () => {
  const folder = join(work, 'damaged');
  const entry = join(folder, 'api.parts');

  it('is refused on opening when a part is missing or too short, saying which', async () => {
    mkdirSync(folder);
    await splitArchive(join(work, 'built', 'api.archive'), entry, MiB);
    const [first, second] = entryAt(entry).parts;
    rmSync(join(folder, second!));
    await expect(openLocalArchive(entry)).rejects.toThrow(`its part ${second} is missing`);
    copyFileSync(join(folder, first!), join(folder, second!));
    truncateSync(join(folder, second!), 1000);
    await expect(openLocalArchive(entry)).rejects.toThrow(
      `its part ${second} is 1000 bytes but was written as ${MiB}`,
    );
  });

  it('the serve CLI says so, and the build will not replace a JSON file of another kind', () => {
    const serve = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'cli/serve.ts', '--archive', entry],
      { encoding: 'utf8' },
    );
    expect(serve.status).toBe(1);
    expect(serve.stderr).toMatch(/Cannot serve .*is missing|Cannot serve .*bytes but was written/);
    const other = join(folder, 'package.json');
    writeFileSync(other, '{"name": "keep me"}');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'cli/build.ts', '--db', db, '--archive', other, '--part-size', '1MiB'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/not an API archive/);
    expect(readFileSync(other, 'utf8')).toBe('{"name": "keep me"}');
  });

  it('the build CLI refuses --part-size without --archive, and a size too small', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/build.ts', '--db', db, ...args], {
        encoding: 'utf8',
      });
    const alone = cli('--part-size', '25MiB');
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(/--part-size cuts an archive into parts: give --archive FILE/);
    const small = cli('--archive', join(folder, 'x.parts'), '--part-size', '64KiB');
    expect(small.status).toBe(2);
    expect(small.stderr).toMatch(/--part-size.*at least 1048576/);
    expect(existsSync(join(folder, 'x.parts'))).toBe(false);
  });
});
