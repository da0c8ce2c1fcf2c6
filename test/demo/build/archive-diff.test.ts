import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import {
  archiveDiff,
  FILE_KINDS,
  main,
  printDiff,
  type ArchiveDiff,
} from '../../bench/archive-diff.ts';
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

/** The diff of the demo's archive and the corrected one, computed once for the tests below. */
let correctedDiff: Promise<ArchiveDiff> | undefined;
const diffCorrected = () => (correctedDiff ??= archiveDiff(demo().archive, corrected));

const changedFiles = (diff: ArchiveDiff) =>
  FILE_KINDS.reduce((n, k) => n + diff.kinds[k].changedFiles + diff.kinds[k].added, 0);

describe('archiveDiff', () => {
  it('finds nothing changed between an archive and itself', async () => {
    const { archive } = demo();
    const diff = await archiveDiff(archive, archive);
    expect(diff.files.after).toBeGreaterThan(50_000);
    expect(changedFiles(diff)).toBe(0);
    for (const kind of FILE_KINDS) expect(diff.kinds[kind].changedAnswers).toBe(0);
    expect(diff.blocks.all.added).toBe(0);
    expect(diff.leaves.changed).toBe(0);
  });

  it("finds a corrected goal's files, its new blocks and their leaves, and no more", async () => {
    const diff = await diffCorrected();
    expect(diff.files.after).toBe(diff.files.before);
    // The goal's own file and its match's pages of goals read new bytes; so do the goals' default
    // pages and query index, whose order the minute moves it in.
    expect(diff.kinds['record files'].changedFiles).toBeGreaterThan(0);
    // The goal's own answers changed; a file stored in a new block may answer as before, never
    // the other way round.
    expect(diff.kinds['record files'].changedAnswers).toBeGreaterThan(0);
    for (const kind of FILE_KINDS)
      expect(diff.kinds[kind].changedAnswers).toBeLessThanOrEqual(diff.kinds[kind].changedFiles);
    expect(diff.kinds['pages of a match'].changedFiles).toBeGreaterThan(0);
    expect(diff.kinds['query index'].changedFiles).toBeGreaterThan(0);
    // Blocks end where their records say: the goal's block changes, most others do not.
    expect(diff.blocks.records.added).toBeGreaterThan(0);
    expect(diff.blocks.records.added).toBeLessThan(diff.blocks.records.after / 20);
    expect(diff.blocks['query index'].after).toBeGreaterThan(0);
    expect(diff.blocks.all.after).toBe(
      diff.blocks.records.after + diff.blocks['query index'].after,
    );
    expect(changedFiles(diff)).toBeLessThan(diff.files.after / 20);
    expect(diff.leaves.changed).toBeGreaterThan(0);
    expect(diff.leaves.changed).toBeLessThan(diff.leaves.after);
    expect(diff.leaves.changedBytes).toBeLessThan(diff.leaves.afterBytes);
  });

  it('prints each kind with its changed files, and the share a later build would write', async () => {
    const diff = await diffCorrected();
    const lines: string[] = [];
    printDiff(diff, (line) => lines.push(line));
    const row = (name: string) =>
      lines
        .find((line) => line.startsWith(name))!
        .trim()
        .split(/\s{2,}/);
    // kind, files, answer changed, stored changed, new, gone, their leaves, MB
    const records = diff.kinds['record files'];
    expect(row('record files').slice(1, 7)).toEqual(
      [
        records.files,
        records.changedAnswers,
        records.changedFiles,
        records.added,
        records.removed,
        records.changed,
      ].map(String),
    );
    expect(row('blocks of records')[3]).toBe(String(diff.blocks.records.added));
    expect(row('blocks of the query index')[3]).toBe(String(diff.blocks['query index'].added));
    expect(lines.join('\n')).toMatch(/changed leaves: [\d.]+ MB, [\d.]+ % of the after archive/);
  });

  it('names an archive that is not there, and compares none', async () => {
    const nowhere = join(root, 'nowhere.archive');
    const result = await runIn(main, [demo().archive, nowhere]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(nowhere);
    expect(result.out).toBe('');
  });
});
