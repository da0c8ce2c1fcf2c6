import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { archiveDiff, FILE_KINDS, main, type ArchiveDiff } from '../../bench/archive-diff.ts';
import { demo } from '../../helpers/http/api.ts';
import { runIn } from '../../helpers/programs/programs.ts';

/**
 * The bench's diff of two archives (`test/bench/archive-diff.ts`) on the demo: an archive against
 * itself changes nothing, and one goal's minute corrected changes that goal's files and few
 * blocks, and leaves the files that do not show it as they were.
 */

let root = '';
let corrected = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'football-archive-diff-'));
  const db = join(root, 'corrected.sqlite');
  copyFileSync(demo().db, db);
  const write = new Database(db);
  try {
    const { changes } = write
      .prepare('UPDATE goal SET time_mins = time_mins + 1 WHERE id = (SELECT min(id) FROM goal)')
      .run();
    expect(changes).toBe(1);
  } finally {
    write.close();
  }
  corrected = join(root, 'corrected.archive');
  await build({ db, archive: corrected });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const changedFiles = (diff: ArchiveDiff) =>
  FILE_KINDS.reduce((n, k) => n + diff.kinds[k].changedFiles + diff.kinds[k].added, 0);

describe('archiveDiff', () => {
  it('finds nothing changed between an archive and itself', async () => {
    const { archive } = demo();
    const diff = await archiveDiff(archive, archive);
    expect(diff.files.after).toBeGreaterThan(50_000);
    expect(changedFiles(diff)).toBe(0);
    expect(diff.blocks.added).toBe(0);
    expect(diff.leaves.changed).toBe(0);
  });

  it("finds a corrected goal's files, its new blocks and their leaves, and no more", async () => {
    const diff = await archiveDiff(demo().archive, corrected);
    expect(diff.files.after).toBe(diff.files.before);
    // The goal's own file and its match's pages of goals read new bytes; so do the goals' default
    // pages and query index, whose order the minute moves it in.
    expect(diff.kinds['record files'].changedFiles).toBeGreaterThan(0);
    expect(diff.kinds['pages of a match'].changedFiles).toBeGreaterThan(0);
    expect(diff.kinds['query index'].changedFiles).toBeGreaterThan(0);
    // Blocks end where their records say: the goal's block changes, most others do not.
    expect(diff.blocks.added).toBeGreaterThan(0);
    expect(diff.blocks.added).toBeLessThan(diff.blocks.after / 20);
    expect(changedFiles(diff)).toBeLessThan(diff.files.after / 20);
    expect(diff.leaves.changed).toBeGreaterThan(0);
    expect(diff.leaves.changed).toBeLessThan(diff.leaves.after);
    expect(diff.leaves.changedBytes).toBeLessThan(diff.leaves.afterBytes);
  });

  it('names an archive that is not there, and compares none', async () => {
    const nowhere = join(root, 'nowhere.archive');
    const result = await runIn(main, [demo().archive, nowhere]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(nowhere);
    expect(result.out).toBe('');
  });
});
